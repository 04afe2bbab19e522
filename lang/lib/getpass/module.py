"""Python's getpass: getuser, the login name, and getpass, which asks
the front end for a password that it does not show."""

import os

import _getpass

__all__ = ["getpass", "getuser", "GetPassWarning"]


class GetPassWarning(UserWarning):
    pass


def getuser():
    """The login name: the first of the environment variables LOGNAME,
    USER, LNAME and USERNAME that is set, else the system's name for the
    user running the program."""
    for name in ('LOGNAME', 'USER', 'LNAME', 'USERNAME'):
        user = os.environ.get(name)
        if user:
            return user
    return _getpass.user()


def getpass(prompt='Password: ', stream=None):
    """Asks for a password after prompt and returns the line typed, its
    newline removed; the front end does not show it where it can hide it.
    stream is accepted for CPython's signature; the prompt goes to the
    front end."""
    return _getpass.getpass(prompt)
