"""What can happen in each game: rules as data, legal actions, exact chance outcomes, a step."""
