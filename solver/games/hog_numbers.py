"""The arithmetic Hog's rules are made of: digits and primes (:mod:`solver.games.hog`)."""

from __future__ import annotations


def digits(number: int) -> list[int]:
    """Return the decimal digits of ``number``, ones first.

    >>> digits(7), digits(405)
    ([7], [5, 0, 4])
    """
    out = [number % 10]
    while number >= 10:
        number //= 10
        out.append(number % 10)
    return out


def is_prime(number: int) -> bool:
    """Return True if ``number`` is prime (1 is not).

    >>> [n for n in range(20) if is_prime(n)]
    [2, 3, 5, 7, 11, 13, 17, 19]
    """
    return number >= 2 and all(number % d for d in range(2, int(number**0.5) + 1))


def next_prime(number: int) -> int:
    """Return the smallest prime larger than ``number``.

    >>> next_prime(11), next_prime(2)
    (13, 3)
    """
    number += 1
    while not is_prime(number):
        number += 1
    return number
