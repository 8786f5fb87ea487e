"""Our house rules for Hog."""


def zero_dice(score, opponent_score):
    """Free Bacon: 10 minus the opponent's ones digit, plus their tens digit."""
    return 10 - opponent_score % 10 + opponent_score // 10 % 10


def after_turn(score, opponent_score):
    """Hog Pile: a score equal to the opponent's doubles."""
    return 2 * score if score == opponent_score else score


def extra_turn(score, opponent_score):
    """Lucky Sevens: a score ending in 7 takes another turn."""
    return score % 10 == 7
