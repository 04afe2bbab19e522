package datetime

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/kael-dev/kael/lang"
)

// strftime and strptime with the C locale's names, the directives of
// CPython's docs that a naive date has, and fromisoformat.

var (
	weekdayNames = []string{"Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"}
	monthNames   = []string{"January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"}
)

// weekday is date.weekday(): Monday 0.
func (d Date) weekday() int { return int((d.ordinal() + 6) % 7) }

// yday is the day of the year, 1 for January 1.
func (d Date) yday() int { return int(d.ordinal()-Date{year: d.year, month: 1, day: 1}.ordinal()) + 1 }

// strftime formats d as C's strftime does in the C locale; a date has
// midnight as its time.
func (d Date) strftime(format string) (string, error) {
	if d.tz.user != nil { // CPython's timetuple() asks dst() first
		if _, err := d.dst(); err != nil {
			return "", err
		}
	}
	var b strings.Builder
	r := []rune(format)
	for i := 0; i < len(r); i++ {
		if r[i] != '%' || i+1 >= len(r) {
			b.WriteRune(r[i])
			continue
		}
		i++
		h12 := d.hour % 12
		if h12 == 0 {
			h12 = 12
		}
		switch r[i] {
		case 'a':
			b.WriteString(weekdayNames[d.weekday()][:3])
		case 'A':
			b.WriteString(weekdayNames[d.weekday()])
		case 'w':
			fmt.Fprintf(&b, "%d", (d.weekday()+1)%7)
		case 'd':
			fmt.Fprintf(&b, "%02d", d.day)
		case 'e':
			fmt.Fprintf(&b, "%2d", d.day)
		case 'b', 'h':
			b.WriteString(monthNames[d.month-1][:3])
		case 'B':
			b.WriteString(monthNames[d.month-1])
		case 'm':
			fmt.Fprintf(&b, "%02d", d.month)
		case 'y':
			fmt.Fprintf(&b, "%02d", d.year%100)
		case 'Y':
			fmt.Fprintf(&b, "%d", d.year)
		case 'H':
			fmt.Fprintf(&b, "%02d", d.hour)
		case 'I':
			fmt.Fprintf(&b, "%02d", h12)
		case 'p':
			if d.hour < 12 {
				b.WriteString("AM")
			} else {
				b.WriteString("PM")
			}
		case 'M':
			fmt.Fprintf(&b, "%02d", d.minute)
		case 'S':
			fmt.Fprintf(&b, "%02d", d.second)
		case 'f':
			fmt.Fprintf(&b, "%06d", d.micro)
		case 'z':
			off, ok, err := d.utcoffset()
			if err != nil {
				return "", err
			}
			if ok {
				b.WriteString(offsetText(off, ""))
			}
		case 'Z':
			name, err := d.tzname()
			if err != nil {
				return "", err
			}
			if s, ok := name.(string); ok {
				b.WriteString(s)
			}
		case 'j':
			fmt.Fprintf(&b, "%03d", d.yday())
		case 'U':
			fmt.Fprintf(&b, "%02d", (d.yday()+6-(d.weekday()+1)%7)/7)
		case 'W':
			fmt.Fprintf(&b, "%02d", (d.yday()+6-d.weekday())/7)
		case 'c':
			fmt.Fprintf(&b, "%s %s %2d %02d:%02d:%02d %d", weekdayNames[d.weekday()][:3], monthNames[d.month-1][:3], d.day, d.hour, d.minute, d.second, d.year)
		case 'x':
			fmt.Fprintf(&b, "%02d/%02d/%02d", d.month, d.day, d.year%100)
		case 'X':
			fmt.Fprintf(&b, "%02d:%02d:%02d", d.hour, d.minute, d.second)
		case 'D':
			fmt.Fprintf(&b, "%02d/%02d/%02d", d.month, d.day, d.year%100)
		case 'F':
			fmt.Fprintf(&b, "%d-%02d-%02d", d.year, d.month, d.day)
		case 'T':
			fmt.Fprintf(&b, "%02d:%02d:%02d", d.hour, d.minute, d.second)
		case 'R':
			fmt.Fprintf(&b, "%02d:%02d", d.hour, d.minute)
		case '%':
			b.WriteByte('%')
		default:
			return "", lang.Errorf(lang.ValueError, "kael's strftime has no directive %%%c", r[i]).
				WithHint("it has %%a %%A %%w %%d %%e %%b %%B %%m %%y %%Y %%H %%I %%p %%M %%S %%f %%z %%Z %%j %%U %%W %%c %%x %%X %%D %%F %%T %%R %%%%")
		}
	}
	return b.String(), nil
}

// strptime is datetime.strptime(text, format): the directives of
// strftime that name a field, read as CPython's _strptime reads them.
func strptime(text, format string) (Date, error) {
	d := Date{year: 1900, month: 1, day: 1, hasTime: true}
	mismatch := lang.Errorf(lang.ValueError, "time data %s does not match format %s", lang.Repr(text), lang.Repr(format))
	s := []rune(text)
	pos := 0
	pm, hasPM, h12 := false, false, false
	yday := 0
	readInt := func(maxDigits int) (int, bool) {
		start := pos
		for pos < len(s) && pos-start < maxDigits && s[pos] >= '0' && s[pos] <= '9' {
			pos++
		}
		if pos == start {
			return 0, false
		}
		n, _ := strconv.Atoi(string(s[start:pos]))
		return n, true
	}
	readName := func(names []string, abbrev bool) (int, bool) {
		for i, n := range names {
			if abbrev {
				n = n[:3]
			}
			if pos+len(n) <= len(s) && strings.EqualFold(string(s[pos:pos+len(n)]), n) {
				pos += len(n)
				return i, true
			}
		}
		return 0, false
	}
	f := []rune(format)
	for i := 0; i < len(f); i++ {
		c := f[i]
		if c != '%' {
			if c == ' ' || c == '\t' || c == '\n' { // whitespace matches any run of it
				for pos < len(s) && (s[pos] == ' ' || s[pos] == '\t' || s[pos] == '\n') {
					pos++
				}
				continue
			}
			if pos >= len(s) || s[pos] != c {
				return Date{}, mismatch
			}
			pos++
			continue
		}
		i++
		if i >= len(f) {
			return Date{}, lang.Errorf(lang.ValueError, "stray %% in format %s", lang.Repr(format))
		}
		var ok bool
		var n int
		switch f[i] {
		case 'Y':
			n, ok = readInt(4)
			d.year = n
		case 'y':
			n, ok = readInt(2)
			if n < 69 {
				d.year = 2000 + n
			} else {
				d.year = 1900 + n
			}
		case 'm':
			d.month, ok = readInt(2)
		case 'd':
			d.day, ok = readInt(2)
		case 'H':
			d.hour, ok = readInt(2)
		case 'I':
			d.hour, ok = readInt(2)
			h12 = true
		case 'M':
			d.minute, ok = readInt(2)
		case 'S':
			d.second, ok = readInt(2)
		case 'f':
			start := pos
			n, ok = readInt(6)
			for k := pos - start; k < 6 && ok; k++ {
				n *= 10
			}
			d.micro = n
		case 'j':
			yday, ok = readInt(3)
		case 'b', 'h':
			n, ok = readName(monthNames, true)
			d.month = n + 1
		case 'B':
			n, ok = readName(monthNames, false)
			d.month = n + 1
		case 'a':
			_, ok = readName(weekdayNames, true)
		case 'A':
			_, ok = readName(weekdayNames, false)
		case 'p':
			if pos+2 <= len(s) {
				switch strings.ToUpper(string(s[pos : pos+2])) {
				case "AM":
					ok, hasPM = true, true
				case "PM":
					ok, hasPM, pm = true, true, true
				}
				if ok {
					pos += 2
				}
			}
		case '%':
			ok = pos < len(s) && s[pos] == '%'
			if ok {
				pos++
			}
		default:
			return Date{}, lang.Errorf(lang.ValueError, "'%c' is a bad directive in format '%s'", f[i], "%"+string(f[i]))
		}
		if !ok {
			return Date{}, mismatch
		}
	}
	if pos < len(s) {
		return Date{}, lang.Errorf(lang.ValueError, "unconverted data remains: %s", string(s[pos:]))
	}
	if h12 && hasPM {
		d.hour %= 12
		if pm {
			d.hour += 12
		}
	}
	if yday > 0 {
		t := time.Date(d.year, 1, yday, 0, 0, 0, 0, time.UTC)
		d.month, d.day = int(t.Month()), t.Day()
	}
	if err := checkDate(d.year, d.month, d.day); err != nil {
		return Date{}, err
	}
	if err := checkTime(d.hour, d.minute, d.second, d.micro); err != nil {
		return Date{}, err
	}
	return d, nil
}

// parseISODate reads YYYY-MM-DD or YYYYMMDD.
func parseISODate(s string) (y, m, d int, ok bool) {
	digits := func(t string) (int, bool) {
		for _, c := range t {
			if c < '0' || c > '9' {
				return 0, false
			}
		}
		n, err := strconv.Atoi(t)
		return n, err == nil
	}
	var ys, ms, ds string
	switch {
	case len(s) == 10 && s[4] == '-' && s[7] == '-':
		ys, ms, ds = s[:4], s[5:7], s[8:]
	case len(s) == 8:
		ys, ms, ds = s[:4], s[4:6], s[6:]
	default:
		return 0, 0, 0, false
	}
	var ok1, ok2, ok3 bool
	y, ok1 = digits(ys)
	m, ok2 = digits(ms)
	d, ok3 = digits(ds)
	return y, m, d, ok1 && ok2 && ok3
}

// parseISOTime reads HH[:MM[:SS[.f+]]] or HH[MM[SS[.f+]]].
func parseISOTime(s string) (Time, bool) {
	var t Time
	frac := ""
	if i := strings.IndexAny(s, ".,"); i >= 0 {
		s, frac = s[:i], s[i+1:]
		if frac == "" || len(frac) > 6 && strings.Trim(frac, "0123456789") != "" {
			return t, false
		}
	}
	parts := []string{}
	if strings.Contains(s, ":") {
		parts = strings.Split(s, ":")
	} else {
		for len(s) >= 2 {
			parts = append(parts, s[:2])
			s = s[2:]
		}
		if s != "" {
			return t, false
		}
	}
	if len(parts) == 0 || len(parts) > 3 || frac != "" && len(parts) != 3 {
		return t, false
	}
	vals := []*int{&t.hour, &t.minute, &t.second}
	for i, p := range parts {
		if len(p) != 2 || strings.Trim(p, "0123456789") != "" {
			return t, false
		}
		*vals[i], _ = strconv.Atoi(p)
	}
	if frac != "" {
		if strings.Trim(frac, "0123456789") != "" {
			return t, false
		}
		if len(frac) > 6 {
			frac = frac[:6]
		}
		us, _ := strconv.Atoi(frac + strings.Repeat("0", 6-len(frac)))
		t.micro = us
	}
	return t, true
}
