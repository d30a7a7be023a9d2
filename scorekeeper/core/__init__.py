"""Pieces shared by every game's pure rules core.

No Django imports anywhere below scorekeeper/core.
"""
