"""kael's test.support.os_helper (see test/support/__init__.py)."""

import os

TESTFN = '@test_{}_tmp'.format(os.getpid())


def unlink(filename):
    """Removes filename, if it exists."""
    try:
        os.unlink(filename)
    except (FileNotFoundError, NotADirectoryError):
        pass
