"""Python's subprocess, as far as kael can honour it: its constants,
exceptions, CompletedProcess and list2cmdline. kael starts no other
program: run, call, check_call, check_output, getoutput,
getstatusoutput and Popen are NotImplementedError, with os's words."""

import signal as _signal

import _subprocess

__all__ = ["Popen", "PIPE", "STDOUT", "call", "check_call", "getstatusoutput",
           "getoutput", "check_output", "run", "CalledProcessError", "DEVNULL",
           "SubprocessError", "TimeoutExpired", "CompletedProcess"]

PIPE = -1
STDOUT = -2
DEVNULL = -3


class SubprocessError(Exception):
    pass


class CalledProcessError(SubprocessError):
    """A checked process ended with a non-zero status: returncode, cmd,
    output (also stdout) and stderr."""

    def __init__(self, returncode, cmd, output=None, stderr=None):
        self.returncode = returncode
        self.cmd = cmd
        self.output = output
        self.stderr = stderr

    def __str__(self):
        if self.returncode and self.returncode < 0:
            try:
                return "Command '%s' died with %r." % (self.cmd, _signal.Signals(-self.returncode))
            except ValueError:
                return "Command '%s' died with unknown signal %d." % (self.cmd, -self.returncode)
        return "Command '%s' returned non-zero exit status %d." % (self.cmd, self.returncode)

    @property
    def stdout(self):
        return self.output

    @stdout.setter
    def stdout(self, value):
        self.output = value


class TimeoutExpired(SubprocessError):
    """A process did not end within timeout seconds."""

    def __init__(self, cmd, timeout, output=None, stderr=None):
        self.cmd = cmd
        self.timeout = timeout
        self.output = output
        self.stderr = stderr

    def __str__(self):
        return "Command '%s' timed out after %s seconds" % (self.cmd, self.timeout)

    @property
    def stdout(self):
        return self.output

    @stdout.setter
    def stdout(self, value):
        self.output = value


class CompletedProcess:
    """What run() returns: args, returncode, stdout and stderr."""

    def __init__(self, args, returncode, stdout=None, stderr=None):
        self.args = args
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr

    def __repr__(self):
        args = ['args={!r}'.format(self.args), 'returncode={!r}'.format(self.returncode)]
        if self.stdout is not None:
            args.append('stdout={!r}'.format(self.stdout))
        if self.stderr is not None:
            args.append('stderr={!r}'.format(self.stderr))
        return "{}({})".format(type(self).__name__, ', '.join(args))

    def check_returncode(self):
        """Raises CalledProcessError when returncode is not 0."""
        if self.returncode:
            raise CalledProcessError(self.returncode, self.args, self.stdout, self.stderr)


def list2cmdline(seq):
    """The command line of the arguments seq as Windows' C runtime parses
    it: an argument with a space or a tab, or empty, is quoted; quotes
    and the backslashes before them are escaped."""
    out = []
    for arg in seq:
        if out:
            out.append(' ')
        quote = (' ' in arg) or ('\t' in arg) or not arg
        if quote:
            out.append('"')
        slashes = 0
        for c in arg:
            if c == '\\':
                slashes += 1
            elif c == '"':
                out.append('\\' * (2 * slashes) + '\\"')
                slashes = 0
            else:
                out.append('\\' * slashes + c)
                slashes = 0
        out.append('\\' * slashes)
        if quote:
            out.append('\\' * slashes + '"')
    return ''.join(out)


run = _subprocess.run
call = _subprocess.call
check_call = _subprocess.check_call
check_output = _subprocess.check_output
getoutput = _subprocess.getoutput
getstatusoutput = _subprocess.getstatusoutput
Popen = _subprocess.Popen
