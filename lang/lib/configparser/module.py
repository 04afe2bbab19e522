"""Configuration file parser, as CPython 3.11's configparser: sections
of options read from INI text, with BasicInterpolation (%(name)s),
typed getters, the mapping protocol (parser['section']['option']) and
write."""

import functools
import os
import re
import warnings

__all__ = ["NoSectionError", "DuplicateOptionError", "DuplicateSectionError",
           "NoOptionError", "InterpolationError", "InterpolationDepthError",
           "InterpolationMissingOptionError", "InterpolationSyntaxError",
           "ParsingError", "MissingSectionHeaderError",
           "ConfigParser", "RawConfigParser",
           "Interpolation", "BasicInterpolation", "ExtendedInterpolation",
           "LegacyInterpolation", "ConverterMapping",
           "SectionProxy", "DEFAULTSECT", "MAX_INTERPOLATION_DEPTH"]

DEFAULTSECT = "DEFAULT"
MAX_INTERPOLATION_DEPTH = 10


class Error(Exception):
    """Base class for configparser exceptions."""

    def __init__(self, msg=''):
        self.message = msg
        Exception.__init__(self, msg)

    def __repr__(self):
        return self.message

    __str__ = __repr__


class NoSectionError(Error):
    """Raised when no section matches a requested option."""

    def __init__(self, section):
        Error.__init__(self, 'No section: %r' % (section,))
        self.section = section
        self.args = (section, )


def _where(source, lineno):
    message = "While reading from " + repr(source)
    if lineno is not None:
        message += " [line {0:2d}]".format(lineno)
    return message + ": "


class DuplicateSectionError(Error):
    """Raised when a section is repeated in an input source, or added
    twice."""

    def __init__(self, section, source=None, lineno=None):
        msg = repr(section) + " already exists"
        if source is not None:
            msg = _where(source, lineno) + "section " + msg
        else:
            msg = "Section " + msg
        Error.__init__(self, msg)
        self.section = section
        self.source = source
        self.lineno = lineno
        self.args = (section, source, lineno)


class DuplicateOptionError(Error):
    """Raised when an option is repeated in a section of an input source."""

    def __init__(self, section, option, source=None, lineno=None):
        msg = "%r in section %r already exists" % (option, section)
        if source is not None:
            msg = _where(source, lineno) + "option " + msg
        else:
            msg = "Option " + msg
        Error.__init__(self, msg)
        self.section = section
        self.option = option
        self.source = source
        self.lineno = lineno
        self.args = (section, option, source, lineno)


class NoOptionError(Error):
    """A requested option was not found."""

    def __init__(self, option, section):
        Error.__init__(self, "No option %r in section: %r" %
                       (option, section))
        self.option = option
        self.section = section
        self.args = (option, section)


class InterpolationError(Error):
    """Base class for interpolation-related exceptions."""

    def __init__(self, option, section, msg):
        Error.__init__(self, msg)
        self.option = option
        self.section = section
        self.args = (option, section, msg)


class InterpolationMissingOptionError(InterpolationError):
    """A string substitution required a setting which was not available."""

    def __init__(self, option, section, rawval, reference):
        msg = ("Bad value substitution: option {!r} in section {!r} contains "
               "an interpolation key {!r} which is not a valid option name. "
               "Raw value: {!r}".format(option, section, reference, rawval))
        InterpolationError.__init__(self, option, section, msg)
        self.reference = reference
        self.args = (option, section, rawval, reference)


class InterpolationSyntaxError(InterpolationError):
    """Raised when the source text contains invalid syntax."""


class InterpolationDepthError(InterpolationError):
    """Raised when substitutions are nested too deeply."""

    def __init__(self, option, section, rawval):
        msg = ("Recursion limit exceeded in value substitution: option {!r} "
               "in section {!r} contains an interpolation key which "
               "cannot be substituted in {} steps. Raw value: {!r}"
               "".format(option, section, MAX_INTERPOLATION_DEPTH,
                         rawval))
        InterpolationError.__init__(self, option, section, msg)
        self.args = (option, section, rawval)


class ParsingError(Error):
    """Raised when a configuration file does not follow legal syntax."""

    def __init__(self, source=None, filename=None):
        if source is None:
            source = filename
        Error.__init__(self, 'Source contains parsing errors: %r' % source)
        self.source = source
        self.errors = []
        self.args = (source, )

    def append(self, lineno, line):
        self.errors.append((lineno, line))
        self.message += '\n\t[line %2d]: %s' % (lineno, line)


class MissingSectionHeaderError(ParsingError):
    """Raised when a key-value pair is found before any section header."""

    def __init__(self, filename, lineno, line):
        Error.__init__(
            self,
            'File contains no section headers.\nfile: %r, line: %d\n%r' %
            (filename, lineno, line))
        self.source = filename
        self.lineno = lineno
        self.line = line
        self.errors = []
        self.args = (filename, lineno, line)


class _Unset:
    def __repr__(self):
        return '<UNSET>'


_UNSET = _Unset()


class Interpolation:
    """No interpolation: values are read as they are written."""

    def before_get(self, parser, section, option, value, defaults):
        return value

    def before_set(self, parser, section, option, value):
        return value

    def before_read(self, parser, section, option, value):
        return value

    def before_write(self, parser, section, option, value):
        return value


class BasicInterpolation(Interpolation):
    """%(name)s in a value is the option name of the same section (or
    DEFAULT); %% is a percent sign."""

    _KEYCRE = re.compile(r"%\(([^)]+)\)s")

    def before_get(self, parser, section, option, value, defaults):
        L = []
        self._interpolate_some(parser, option, L, value, section, defaults, 1)
        return ''.join(L)

    def before_set(self, parser, section, option, value):
        tmp_value = value.replace('%%', '')
        tmp_value = self._KEYCRE.sub('', tmp_value)
        if '%' in tmp_value:
            raise ValueError("invalid interpolation syntax in %r at "
                             "position %d" % (value, tmp_value.find('%')))
        return value

    def _interpolate_some(self, parser, option, accum, rest, section, map,
                          depth):
        rawval = parser.get(section, option, raw=True, fallback=rest)
        if depth > MAX_INTERPOLATION_DEPTH:
            raise InterpolationDepthError(option, section, rawval)
        while rest:
            p = rest.find("%")
            if p < 0:
                accum.append(rest)
                return
            if p > 0:
                accum.append(rest[:p])
                rest = rest[p:]
            c = rest[1:2]
            if c == "%":
                accum.append("%")
                rest = rest[2:]
            elif c == "(":
                m = self._KEYCRE.match(rest)
                if m is None:
                    raise InterpolationSyntaxError(
                        option, section,
                        "bad interpolation variable reference %r" % rest)
                var = parser.optionxform(m.group(1))
                rest = rest[m.end():]
                if var not in map:
                    raise InterpolationMissingOptionError(
                        option, section, rawval, var)
                v = map[var]
                if "%" in v:
                    self._interpolate_some(parser, option, accum, v,
                                           section, map, depth + 1)
                else:
                    accum.append(v)
            else:
                raise InterpolationSyntaxError(
                    option, section,
                    "'%%' must be followed by '%%' or '(', "
                    "found: %r" % (rest,))


_BOOLEAN_STATES = {'1': True, 'yes': True, 'true': True, 'on': True,
                  '0': False, 'no': False, 'false': False, 'off': False}


def _convert_to_boolean(value):
    if value.lower() not in _BOOLEAN_STATES:
        raise ValueError('Not a boolean: %s' % value)
    return _BOOLEAN_STATES[value.lower()]


class ExtendedInterpolation(Interpolation):
    """${option} in a value is the option of the same section (or
    DEFAULT), ${section:option} that of another section; $$ is a dollar
    sign (zc.buildout's syntax)."""

    _KEYCRE = re.compile(r"\$\{([^}]+)\}")

    def before_get(self, parser, section, option, value, defaults):
        out = []
        self._interpolate_some(parser, option, out, value, section, defaults, 1)
        return ''.join(out)

    def before_set(self, parser, section, option, value):
        rest = self._KEYCRE.sub('', value.replace('$$', ''))
        if '$' in rest:
            raise ValueError("invalid interpolation syntax in %r at "
                             "position %d" % (value, rest.find('$')))
        return value

    def _interpolate_some(self, parser, option, accum, rest, section, map, depth):
        rawval = parser.get(section, option, raw=True, fallback=rest)
        if depth > MAX_INTERPOLATION_DEPTH:
            raise InterpolationDepthError(option, section, rawval)
        while rest:
            p = rest.find("$")
            if p < 0:
                accum.append(rest)
                return
            accum.append(rest[:p])
            rest = rest[p:]
            nxt = rest[1:2]
            if nxt == "$":
                accum.append("$")
                rest = rest[2:]
                continue
            if nxt != "{":
                raise InterpolationSyntaxError(
                    option, section, "'$' must be followed by '$' or '{', found: %r" % (rest,))
            m = self._KEYCRE.match(rest)
            if m is None:
                raise InterpolationSyntaxError(option, section, "bad interpolation variable reference %r" % rest)
            path = m.group(1).split(':')
            rest = rest[m.end():]
            sect, opt = section, option
            try:
                if len(path) == 1:
                    opt = parser.optionxform(path[0])
                    v = map[opt]
                elif len(path) == 2:
                    sect, opt = path[0], parser.optionxform(path[1])
                    v = parser.get(sect, opt, raw=True)
                else:
                    raise InterpolationSyntaxError(option, section, "More than one ':' found: %r" % (rest,))
            except (KeyError, NoSectionError, NoOptionError):
                raise InterpolationMissingOptionError(option, section, rawval, ":".join(path)) from None
            if "$" in v:
                self._interpolate_some(parser, opt, accum, v, sect, dict(parser.items(sect, raw=True)), depth + 1)
            else:
                accum.append(v)


class LegacyInterpolation(Interpolation):
    """The deprecated %(name)s interpolation of old ConfigParsers, by
    string formatting over the section's options."""

    _KEYCRE = re.compile(r"%\(([^)]*)\)s|.")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        warnings.warn(
            "LegacyInterpolation has been deprecated since Python 3.2 "
            "and will be removed from the configparser module in Python 3.13. "
            "Use BasicInterpolation or ExtendedInterpolation instead.",
            DeprecationWarning, stacklevel=2)

    def before_get(self, parser, section, option, value, vars):
        rawval = value
        for _ in range(MAX_INTERPOLATION_DEPTH):
            if not value or "%(" not in value:
                break
            value = self._KEYCRE.sub(functools.partial(self._interpolation_replace, parser=parser), value)
            try:
                value = value % vars
            except KeyError as e:
                raise InterpolationMissingOptionError(option, section, rawval, e.args[0]) from None
        if value and "%(" in value:
            raise InterpolationDepthError(option, section, rawval)
        return value

    def before_set(self, parser, section, option, value):
        return value

    @staticmethod
    def _interpolation_replace(match, parser):
        name = match.group(1)
        if name is None:
            return match.group()
        return "%%(%s)s" % parser.optionxform(name)


class RawConfigParser:
    """A configuration of sections of options, without interpolation."""

    _DEFAULT_INTERPOLATION = Interpolation()
    BOOLEAN_STATES = _BOOLEAN_STATES

    def __init__(self, defaults=None, dict_type=dict, allow_no_value=False,
                 *, delimiters=('=', ':'), comment_prefixes=('#', ';'),
                 inline_comment_prefixes=None, strict=True,
                 empty_lines_in_values=True, default_section=DEFAULTSECT,
                 interpolation=_UNSET, converters=_UNSET):
        self._dict = dict_type
        self._sections = self._dict()
        self._defaults = self._dict()
        self._converters = ConverterMapping(self)
        self._proxies = self._dict()
        self._proxies[default_section] = SectionProxy(self, default_section)
        self._delimiters = tuple(delimiters)
        self._comment_prefixes = tuple(comment_prefixes or ())
        self._inline_comment_prefixes = tuple(inline_comment_prefixes or ())
        self._strict = strict
        self._allow_no_value = allow_no_value
        self._empty_lines_in_values = empty_lines_in_values
        self.default_section = default_section
        self._interpolation = interpolation
        if self._interpolation is _UNSET:
            self._interpolation = self._DEFAULT_INTERPOLATION
        if self._interpolation is None:
            self._interpolation = Interpolation()
        if converters is not _UNSET:
            self._converters.update(converters)
        if defaults:
            self.read_dict({default_section: defaults})

    def defaults(self):
        return self._defaults

    def sections(self):
        """The section names, DEFAULT left out."""
        return list(self._sections.keys())

    def add_section(self, section):
        """Create a new section; DuplicateSectionError if it exists."""
        if section == self.default_section:
            raise ValueError('Invalid section name: %r' % section)
        if section in self._sections:
            raise DuplicateSectionError(section)
        self._sections[section] = self._dict()
        self._proxies[section] = SectionProxy(self, section)

    def has_section(self, section):
        """Whether the section exists (DEFAULT does not count)."""
        return section in self._sections

    def options(self, section):
        """The option names of section, with DEFAULT's."""
        if section not in self._sections:
            raise NoSectionError(section)
        opts = self._sections[section].copy()
        opts.update(self._defaults)
        return list(opts.keys())

    def read(self, filenames, encoding=None):
        """Read the files that can be opened of filenames (one name or a
        list); the list of those read."""
        if isinstance(filenames, (str, bytes, os.PathLike)):
            filenames = [filenames]
        read_ok = []
        for filename in filenames:
            try:
                with open(filename, encoding=encoding) as fp:
                    self._read(fp, filename)
            except OSError:
                continue
            if isinstance(filename, os.PathLike):
                filename = os.fspath(filename)
            read_ok.append(filename)
        return read_ok

    def read_file(self, f, source=None):
        """Read the lines of f, an iterable of str (an open file)."""
        if source is None:
            try:
                source = f.name
            except AttributeError:
                source = '<???>'
        self._read(f, source)

    def read_string(self, string, source='<string>'):
        """Read the configuration in string."""
        self._read(string.splitlines(True), source)

    def read_dict(self, dictionary, source='<dict>'):
        """Read sections and options from a dict of dicts."""
        elements_added = set()
        for section, keys in dictionary.items():
            section = str(section)
            try:
                self.add_section(section)
            except (DuplicateSectionError, ValueError):
                if self._strict and section in elements_added:
                    raise
            elements_added.add(section)
            for key, value in keys.items():
                key = self.optionxform(str(key))
                if value is not None:
                    value = str(value)
                if self._strict and (section, key) in elements_added:
                    raise DuplicateOptionError(section, key, source)
                elements_added.add((section, key))
                self.set(section, key, value)

    def get(self, section, option, *, raw=False, vars=None, fallback=_UNSET):
        """The value of option in section (or DEFAULT), interpolated
        unless raw; fallback when there is none."""
        try:
            d = self._unify_values(section, vars)
        except NoSectionError:
            if fallback is _UNSET:
                raise
            return fallback
        option = self.optionxform(option)
        if option not in d:
            if fallback is _UNSET:
                raise NoOptionError(option, section)
            return fallback
        value = d[option]
        if raw or value is None:
            return value
        return self._interpolation.before_get(self, section, option, value, d)

    def _get(self, section, conv, option, **kwargs):
        return conv(self.get(section, option, **kwargs))

    def _get_conv(self, section, option, conv, *, raw=False, vars=None,
                  fallback=_UNSET, **kwargs):
        try:
            return self._get(section, conv, option, raw=raw, vars=vars,
                             **kwargs)
        except (NoSectionError, NoOptionError):
            if fallback is _UNSET:
                raise
            return fallback

    @property
    def converters(self):
        """The ConverterMapping of the parser's get<name> converters."""
        return self._converters

    def getint(self, section, option, *, raw=False, vars=None,
               fallback=_UNSET, **kwargs):
        return self._get_conv(section, option, int, raw=raw, vars=vars,
                              fallback=fallback, **kwargs)

    def getfloat(self, section, option, *, raw=False, vars=None,
                 fallback=_UNSET, **kwargs):
        return self._get_conv(section, option, float, raw=raw, vars=vars,
                              fallback=fallback, **kwargs)

    def getboolean(self, section, option, *, raw=False, vars=None,
                   fallback=_UNSET, **kwargs):
        return self._get_conv(section, option, _convert_to_boolean,
                              raw=raw, vars=vars, fallback=fallback, **kwargs)

    def items(self, section=_UNSET, raw=False, vars=None):
        """The (name, value) pairs of section, or (name, SectionProxy)
        of every section when none is given."""
        if section is _UNSET:
            return [(name, self[name]) for name in self]
        d = self._defaults.copy()
        if section in self._sections:
            d.update(self._sections[section])
        elif section != self.default_section:
            raise NoSectionError(section)
        orig_keys = list(d.keys())
        if vars:
            for key, value in vars.items():
                d[self.optionxform(key)] = value
        if raw:
            return [(option, d[option]) for option in orig_keys]
        return [(option, self._interpolation.before_get(self, section, option,
                                                         d[option], d))
                for option in orig_keys]

    def popitem(self):
        """Remove a section (not DEFAULT) and return (name, SectionProxy)."""
        for key in self.sections():
            value = self[key]
            del self[key]
            return key, value
        raise KeyError

    def optionxform(self, optionstr):
        """Option names are case-insensitive: lowered."""
        return optionstr.lower()

    def has_option(self, section, option):
        """Whether section (or DEFAULT) has option."""
        if not section or section == self.default_section:
            option = self.optionxform(option)
            return option in self._defaults
        elif section not in self._sections:
            return False
        option = self.optionxform(option)
        return (option in self._sections[section]
                or option in self._defaults)

    def set(self, section, option, value=None):
        """Set option of section to value."""
        if value:
            value = self._interpolation.before_set(self, section, option,
                                                   value)
        if not section or section == self.default_section:
            sectdict = self._defaults
        else:
            if section not in self._sections:
                raise NoSectionError(section)
            sectdict = self._sections[section]
        sectdict[self.optionxform(option)] = value

    def write(self, fp, space_around_delimiters=True):
        """Write the configuration, in INI form, to fp (anything with
        write)."""
        if space_around_delimiters:
            d = " {} ".format(self._delimiters[0])
        else:
            d = self._delimiters[0]
        if self._defaults:
            self._write_section(fp, self.default_section,
                                self._defaults.items(), d)
        for section in self._sections:
            self._write_section(fp, section,
                                self._sections[section].items(), d)

    def _write_section(self, fp, section_name, section_items, delimiter):
        fp.write("[{}]\n".format(section_name))
        for key, value in section_items:
            value = self._interpolation.before_write(self, section_name, key,
                                                     value)
            if value is not None or not self._allow_no_value:
                value = delimiter + str(value).replace('\n', '\n\t')
            else:
                value = ""
            fp.write("{}{}\n".format(key, value))
        fp.write("\n")

    def remove_option(self, section, option):
        """Remove option from section; whether it was there."""
        if not section or section == self.default_section:
            sectdict = self._defaults
        else:
            if section not in self._sections:
                raise NoSectionError(section)
            sectdict = self._sections[section]
        option = self.optionxform(option)
        existed = option in sectdict
        if existed:
            del sectdict[option]
        return existed

    def remove_section(self, section):
        """Remove section; whether it was there."""
        existed = section in self._sections
        if existed:
            del self._sections[section]
            del self._proxies[section]
        return existed

    def __getitem__(self, key):
        if key != self.default_section and not self.has_section(key):
            raise KeyError(key)
        return self._proxies[key]

    def __setitem__(self, key, value):
        if key in self and self[key] is value:
            return
        if key == self.default_section:
            self._defaults.clear()
        elif key in self._sections:
            self._sections[key].clear()
        self.read_dict({key: value})

    def __delitem__(self, key):
        if key == self.default_section:
            raise ValueError("Cannot remove the default section.")
        if not self.has_section(key):
            raise KeyError(key)
        self.remove_section(key)

    def __contains__(self, key):
        return key == self.default_section or self.has_section(key)

    def __len__(self):
        return len(self._sections) + 1

    def __iter__(self):
        return iter([self.default_section] + list(self._sections.keys()))

    def keys(self):
        return list(self)

    def values(self):
        return [self[k] for k in self]

    def _unify_values(self, section, vars):
        if section in self._sections:
            sectiondict = self._sections[section]
        elif section != self.default_section:
            raise NoSectionError(section)
        else:
            sectiondict = {}
        d = dict(self._defaults)
        d.update(sectiondict)
        if vars:
            for key, value in vars.items():
                if value is not None:
                    value = str(value)
                d[self.optionxform(key)] = value
        return d

    def _comment_start(self, line):
        """Where a comment starts in line: 0 for a whole-line one, the
        index of an inline one, None for none."""
        for prefix in self._comment_prefixes:
            if line.strip().startswith(prefix):
                return 0
        best = None
        indexes = {p: -1 for p in self._inline_comment_prefixes}
        while best is None and indexes:
            following = {}
            for prefix, index in indexes.items():
                index = line.find(prefix, index + 1)
                if index == -1:
                    continue
                following[prefix] = index
                if index == 0 or line[index - 1].isspace():
                    if best is None or index < best:
                        best = index
            indexes = following
        return best

    def _option(self, value):
        """(option, value) of an option line, value None for a valueless
        option, or None when the line is no option."""
        first = -1
        for delim in self._delimiters:
            i = value.find(delim)
            if i >= 0 and (first < 0 or i < first):
                first, width = i, len(delim)
        if first < 0:
            if self._allow_no_value:
                return value, None
            return None
        return value[:first].rstrip(), value[first + width:].strip()

    def _read(self, fp, fpname):
        elements_added = set()
        cursect = None
        sectname = None
        optname = None
        indent_level = 0
        e = None
        lineno = 0
        for line in fp:
            lineno += 1
            comment_start = self._comment_start(line)
            value = line[:comment_start].strip() if comment_start is not None else line.strip()
            if not value:
                if self._empty_lines_in_values:
                    if (comment_start is None and cursect is not None and
                            optname and cursect[optname] is not None):
                        cursect[optname].append('')
                else:
                    indent_level = 1 << 62
                continue
            stripped = line.lstrip()
            cur_indent_level = len(line) - len(stripped) if stripped else 0
            if (cursect is not None and optname and
                    cur_indent_level > indent_level):
                cursect[optname].append(value)
                continue
            indent_level = cur_indent_level
            close = value.rfind(']')
            if value.startswith('[') and close >= 2:
                sectname = value[1:close]
                if sectname in self._sections:
                    if self._strict and sectname in elements_added:
                        raise DuplicateSectionError(sectname, fpname, lineno)
                    cursect = self._sections[sectname]
                    elements_added.add(sectname)
                elif sectname == self.default_section:
                    cursect = self._defaults
                else:
                    cursect = self._dict()
                    self._sections[sectname] = cursect
                    self._proxies[sectname] = SectionProxy(self, sectname)
                    elements_added.add(sectname)
                optname = None
            elif cursect is None:
                raise MissingSectionHeaderError(fpname, lineno, line)
            else:
                mo = self._option(value)
                if mo is not None:
                    optname, optval = mo
                    if not optname:
                        e = self._handle_error(e, fpname, lineno, line)
                    optname = self.optionxform(optname.rstrip())
                    if (self._strict and
                            (sectname, optname) in elements_added):
                        raise DuplicateOptionError(sectname, optname,
                                                   fpname, lineno)
                    elements_added.add((sectname, optname))
                    if optval is not None:
                        cursect[optname] = [optval]
                    else:
                        cursect[optname] = None
                else:
                    e = self._handle_error(e, fpname, lineno, line)
        self._join_multiline_values()
        if e:
            raise e

    def _join_multiline_values(self):
        all_sections = [(self.default_section, self._defaults)]
        all_sections += list(self._sections.items())
        for section, options in all_sections:
            for name, val in list(options.items()):
                if isinstance(val, list):
                    val = '\n'.join(val).rstrip()
                options[name] = self._interpolation.before_read(
                    self, section, name, val)

    def _handle_error(self, exc, fpname, lineno, line):
        if not exc:
            exc = ParsingError(fpname)
        exc.append(lineno, repr(line))
        return exc


class ConfigParser(RawConfigParser):
    """A configuration with %(name)s interpolation and str values."""

    _DEFAULT_INTERPOLATION = BasicInterpolation()

    def set(self, section, option, value=None):
        self._validate_value_types(option=option, value=value)
        super().set(section, option, value)

    def add_section(self, section):
        self._validate_value_types(section=section)
        super().add_section(section)

    def _validate_value_types(self, *, section="", option="", value=""):
        if not isinstance(section, str):
            raise TypeError("section names must be strings")
        if not isinstance(option, str):
            raise TypeError("option keys must be strings")
        if not self._allow_no_value or value:
            if not isinstance(value, str):
                raise TypeError("option values must be strings")


SafeConfigParser = ConfigParser


class SectionProxy:
    """A view of one section of a parser, as a mapping of its options."""

    def __init__(self, parser, name):
        self._parser = parser
        self._name = name
        for conv in parser.converters:
            key = 'get' + conv
            setattr(self, key, functools.partial(self.get, _impl=getattr(parser, key)))

    def __repr__(self):
        return '<Section: {}>'.format(self._name)

    def __getitem__(self, key):
        if not self._parser.has_option(self._name, key):
            raise KeyError(key)
        return self._parser.get(self._name, key)

    def __setitem__(self, key, value):
        if isinstance(self._parser, ConfigParser):
            self._parser._validate_value_types(option=key, value=value)
        return self._parser.set(self._name, key, value)

    def __delitem__(self, key):
        if not (self._parser.has_option(self._name, key) and
                self._parser.remove_option(self._name, key)):
            raise KeyError(key)

    def __contains__(self, key):
        return self._parser.has_option(self._name, key)

    def __len__(self):
        return len(self._options())

    def __iter__(self):
        return iter(self._options())

    def _options(self):
        if self._name != self._parser.default_section:
            return self._parser.options(self._name)
        return list(self._parser.defaults())

    def keys(self):
        return list(self._options())

    def values(self):
        return [self[k] for k in self._options()]

    def items(self):
        return [(k, self[k]) for k in self._options()]

    @property
    def parser(self):
        return self._parser

    @property
    def name(self):
        return self._name

    def get(self, option, fallback=None, *, raw=False, vars=None, _impl=None, **kwargs):
        if not _impl:
            _impl = self._parser.get
        return _impl(self._name, option, raw=raw, vars=vars, fallback=fallback, **kwargs)

    def getint(self, option, fallback=None, *, raw=False, vars=None):
        return self._parser.getint(self._name, option, raw=raw, vars=vars,
                                   fallback=fallback)

    def getfloat(self, option, fallback=None, *, raw=False, vars=None):
        return self._parser.getfloat(self._name, option, raw=raw, vars=vars,
                                     fallback=fallback)

    def getboolean(self, option, fallback=None, *, raw=False, vars=None):
        return self._parser.getboolean(self._name, option, raw=raw,
                                       vars=vars, fallback=fallback)


class ConverterMapping:
    """The converters of a parser by name: setting name to a function
    adds get<name> to the parser and to its section proxies, which
    convert the option's text with it; deleting removes them. The
    parser's own getters (int, float, boolean) map to None. It has the
    methods of a MutableMapping."""

    GETTERCRE = re.compile(r"^get(?P<name>.+)$")

    def __init__(self, parser):
        self._parser = parser
        self._data = {}
        for getter in dir(self._parser):
            m = self.GETTERCRE.match(getter)
            if m and callable(getattr(self._parser, getter)):
                self._data[m.group('name')] = None

    def __getitem__(self, key):
        return self._data[key]

    def __setitem__(self, key, value):
        try:
            k = 'get' + key
        except TypeError:
            raise ValueError('Incompatible key: {} (type: {})'.format(key, type(key)))
        if k == 'get':
            raise ValueError('Incompatible key: cannot use "" as a name')
        self._data[key] = value
        func = functools.partial(self._parser._get_conv, conv=value)
        func.converter = value
        setattr(self._parser, k, func)
        for proxy in self._parser.values():
            setattr(proxy, k, functools.partial(proxy.get, _impl=func))

    def __delitem__(self, key):
        try:
            k = 'get' + (key or None)
        except TypeError:
            raise KeyError(key)
        del self._data[key]
        for inst in [self._parser, *self._parser.values()]:
            try:
                delattr(inst, k)
            except AttributeError:
                continue

    def __iter__(self):
        return iter(self._data)

    def __len__(self):
        return len(self._data)

    def __contains__(self, key):
        return key in self._data

    def keys(self):
        return self._data.keys()

    def values(self):
        return self._data.values()

    def items(self):
        return self._data.items()

    def get(self, key, default=None):
        return self._data.get(key, default)

    def __eq__(self, other):
        if isinstance(other, ConverterMapping):
            other = other._data
        return self._data == other

    __hash__ = None

    def pop(self, key, *default):
        if key not in self._data:
            if default:
                return default[0]
            raise KeyError(key)
        value = self._data[key]
        del self[key]
        return value

    def popitem(self):
        if not self._data:
            raise KeyError
        key = next(iter(self._data))
        return key, self.pop(key)

    def clear(self):
        for key in list(self._data):
            del self[key]

    def setdefault(self, key, default=None):
        if key not in self._data:
            self[key] = default
        return self._data[key]

    def update(self, other=(), /, **kwds):
        pairs = other.items() if hasattr(other, 'items') else other
        for key, value in pairs:
            self[key] = value
        for key, value in kwds.items():
            self[key] = value
