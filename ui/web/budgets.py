"""The server's budgets for one computation, options of ``pigsolve gui``.

Kept apart from :mod:`ui.web.jobs` (which starts processes) so the command line reads the
defaults without importing asyncio or multiprocessing.
"""

JOB_MEMORY_BYTES = 4 * 2**30
"""A worker's address space (``RLIMIT_AS``) by default: the page's largest table (the default
family's at goal 2500, two players) solves within 1 GiB (measured: it fails at 600 MiB)."""
JOB_SECONDS = 600.0
"""A job's wall clock by default; a job still running then is killed."""
