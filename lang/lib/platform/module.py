"""Access to the underlying platform's identifying data, as CPython 3.11's
platform module: uname() and its parts, platform(), architecture(),
libc_ver(), freedesktop_os_release() and the Python kael runs.

kael answers python_implementation() with 'kael', as sys.implementation.name
says: it runs Python 3.11's language, but it is not CPython. processor() is
'' (CPython asks `uname -p`, which Debian answers 'unknown'; kael runs no
command). python_build() and python_compiler() read sys.version, as CPython's
do.
"""

import collections
import functools
import os
import re
import sys

import _platform

__version__ = '1.0.8'

system = _platform.system
machine = _platform.machine
release = _platform.release
node = _platform.node


def version():
    """The system's release version, as `uname -v` prints it ('' when unknown)."""
    return uname().version


def processor():
    """The processor's name: '' in kael, as on Debian, where `uname -p` says 'unknown'."""
    return uname().processor


def python_version():
    """The version of Python as 'major.minor.patchlevel'."""
    return '%d.%d.%d' % sys.version_info[:3]


def python_version_tuple():
    """The version of Python as a tuple of three str."""
    return tuple(python_version().split('.'))


def python_implementation():
    """The Python implementation: 'kael' (sys.implementation.name)."""
    return sys.implementation.name


def _build_info():
    # sys.version is 'X.Y.Z (build, date) [compiler]'.
    m = re.match(r'([\w.+]+)\s*\(([^,]*),\s*([^)]*)\)\s*\[([^\]]*)\]', sys.version)
    if m is None:
        return '', '', ''
    return m.group(2), m.group(3).replace(',', ''), m.group(4)


def python_build():
    """The build number and date of the Python, read from sys.version."""
    buildno, builddate, _ = _build_info()
    return buildno, builddate


def python_compiler():
    """What compiled the Python, read from sys.version."""
    return _build_info()[2]


def python_branch():
    """The branch of the Python's source: '' (none is recorded)."""
    return ''


def python_revision():
    """The revision of the Python's source: '' (none is recorded)."""
    return ''


class uname_result(collections.namedtuple('uname_result_base', 'system node release version machine')):
    """uname()'s result: system, node, release, version, machine and
    processor, the last worked out when asked."""

    _fields = ('system', 'node', 'release', 'version', 'machine', 'processor')

    @functools.cached_property
    def processor(self):
        return ''

    def __iter__(self):
        yield from tuple.__iter__(self)
        yield self.processor

    @classmethod
    def _make(cls, iterable):
        result = cls.__new__(cls, *iterable)
        if len(result) != len(cls._fields):
            raise TypeError(f'Expected {len(cls._fields) - 1} arguments, got {len(result)}')
        return result

    def __getitem__(self, key):
        return tuple(self)[key]

    def __len__(self):
        return len(tuple(iter(self)))

    def __reduce__(self):
        return uname_result, tuple(self)[:len(self._fields) - 1]


_uname_cache = None


def uname():
    """The system's identification: uname_result(system, node, release,
    version, machine) and processor."""
    global _uname_cache
    if _uname_cache is None:
        _uname_cache = uname_result(_platform.system(), _platform.node(), _platform.release(),
                                    _platform.kernel_version(), _platform.machine())
    return _uname_cache


def architecture(executable=sys.executable, bits='', linkage=''):
    """The bit architecture and the linkage format of the executable, read
    from its header (where CPython asks the `file` command): ('64bit',
    'ELF') for a 64-bit Linux program; bits and linkage as given (bits the
    pointer size when '') for a file that is no ELF or Mach-O binary."""
    if not bits:
        bits = str(_platform.pointer_bits()) + 'bit'
    try:
        with open(executable, 'rb') as f:
            head = f.read(5)
    except (OSError, TypeError, ValueError):
        if executable == sys.executable and _platform.system() == 'Linux':
            return bits, 'ELF'
        return bits, linkage
    if head[:4] == b'\x7fELF':
        return {1: '32bit', 2: '64bit'}.get(head[4], bits), 'ELF'
    if head[:4] in (b'\xcf\xfa\xed\xfe', b'\xfe\xed\xfa\xcf'):
        return '64bit', linkage
    if head[:4] in (b'\xce\xfa\xed\xfe', b'\xfe\xed\xfa\xce'):
        return '32bit', linkage
    return bits, linkage


def libc_ver(executable=None, lib='', version='', chunksize=16384):
    """The C library the executable is linked against and its version, as
    (lib, version): the system's glibc when executable is None, else what
    the file's symbols name; (lib, version) as given when nothing is found."""
    if executable is None:
        ver = _platform.system_glibc()
        if ver:
            return 'glibc', ver
        executable = sys.executable
        if not executable:
            return lib, version
    executable = os.fspath(executable)
    with open(executable, 'rb') as f:
        data = f.read()
    return _platform.scan_libc(data, lib, version)


def system_alias(system, release, version):
    """(system, release, version) aliased to the marketing names: SunOS 5
    is Solaris 2; win32 and win16 are Windows."""
    if system == 'SunOS':
        if release < '5':
            return system, release, version
        parts = release.split('.')
        try:
            parts[0] = str(int(parts[0]) - 3)
        except ValueError:
            pass
        else:
            release = '.'.join(parts)
        system = 'Solaris'
    elif system in ('win32', 'win16'):
        system = 'Windows'
    return system, release, version


def _platform_string(*parts):
    s = '-'.join(p.strip() for p in parts if len(p))
    s = s.replace(' ', '_')
    for c in '/\\:;"()':
        s = s.replace(c, '-')
    s = s.replace('unknown', '')
    while '--' in s:
        s = s.replace('--', '-')
    return s.rstrip('-')


_platform_cache = {}


def platform(aliased=False, terse=False):
    """A single string naming the platform, such as
    'Linux-6.1.0-x86_64-with-glibc2.36'; terse gives the least, aliased
    the marketing names (system_alias)."""
    key = (bool(aliased), bool(terse))
    if key in _platform_cache:
        return _platform_cache[key]
    system, node, release, version, machine, processor = uname()
    if machine == processor:
        processor = ''
    if aliased:
        system, release, version = system_alias(system, release, version)
    if system == 'Darwin':
        macos_release = mac_ver()[0]
        if macos_release:
            system, release = 'macOS', macos_release
    if system == 'Windows':
        rel, vers, csd, ptype = win32_ver(version)
        if terse:
            result = _platform_string(system, release)
        else:
            result = _platform_string(system, release, version, csd)
    elif system == 'Linux':
        libcname, libcversion = libc_ver()
        result = _platform_string(system, release, machine, processor, 'with', libcname + libcversion)
    elif terse:
        result = _platform_string(system, release)
    else:
        bits, linkage = architecture(sys.executable)
        result = _platform_string(system, release, machine, processor, bits, linkage)
    _platform_cache[key] = result
    return result


def _read_plist_version():
    try:
        with open('/System/Library/CoreServices/SystemVersion.plist', encoding='utf-8') as f:
            text = f.read()
    except OSError:
        return ''
    m = re.search(r'<key>ProductVersion</key>\s*<string>([^<]*)</string>', text)
    return m.group(1) if m else ''


def mac_ver(release='', versioninfo=('', '', ''), machine=''):
    """macOS's version (release, versioninfo, machine), read from
    SystemVersion.plist; the defaults elsewhere."""
    ver = _read_plist_version()
    if ver:
        return ver, ('', '', ''), _platform.machine()
    return release, versioninfo, machine


def java_ver(release='', vendor='', vminfo=('', '', ''), osinfo=('', '', '')):
    """Jython's Java version: the defaults, as kael is no Jython."""
    return release, vendor, vminfo, osinfo


def win32_ver(release='', version='', csd='', ptype=''):
    """Windows' version: the defaults off Windows."""
    return release, version, csd, ptype


def win32_edition():
    """Windows' edition: None off Windows."""
    return None


def win32_is_iot():
    """Whether Windows is an IoT edition: False off Windows."""
    return win32_edition() in ('IoTUAP', 'NanoServer', 'WindowsCoreHeadless', 'IoTEdgeOS')


_os_release_line = re.compile("^(?P<name>[a-zA-Z0-9_]+)=(?P<quote>[\"']?)(?P<value>.*)(?P=quote)$")
_os_release_unescape = re.compile(r"\\([\\\$\"'`])")
_os_release_candidates = ('/etc/os-release', '/usr/lib/os-release')
_os_release_cache = None


def _parse_os_release(lines):
    info = {'NAME': 'Linux', 'ID': 'linux', 'PRETTY_NAME': 'Linux'}
    for line in lines:
        m = _os_release_line.match(line)
        if m is not None:
            info[m.group('name')] = _os_release_unescape.sub(r'\1', m.group('value'))
    return info


def freedesktop_os_release():
    """The distribution's identification, read from /etc/os-release (or
    /usr/lib/os-release) as a dict; OSError when neither can be read."""
    global _os_release_cache
    if _os_release_cache is None:
        code = None
        for candidate in _os_release_candidates:
            try:
                with open(candidate, encoding='utf-8') as f:
                    _os_release_cache = _parse_os_release(f)
                break
            except OSError as e:
                code = e.errno
        else:
            raise OSError(code, f"Unable to read files {', '.join(_os_release_candidates)}")
    return _os_release_cache.copy()
