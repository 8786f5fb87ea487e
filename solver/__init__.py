"""pigsolve: exact solutions of the dice games Pig and Hog."""

__version__ = "0.1.0"
