package traps

import "strings"

// calendarWords mark a URL as a calendar's: a year-like number is only a
// year when the URL also speaks of dates, or when a month follows it
// (2031/04, 2031-04); product numbers and image sizes are left alone.
var calendarWords = [...]string{"cal", "date", "year", "month", "day", "week", "event", "archive"}

// calendarOutOfRange reports whether a calendar-like URL names a year
// before firstWebYear or after latest.
func calendarOutOfRange(path, query string, latest int) bool {
	s := strings.ToLower(path + "?" + query)
	worded := false
	for _, w := range calendarWords {
		if strings.Contains(s, w) {
			worded = true
			break
		}
	}
	for i := 0; i < len(s); {
		if !isDigit(s[i]) {
			i++
			continue
		}
		j := i
		for j < len(s) && isDigit(s[j]) {
			j++
		}
		if j-i == 4 && (s[i] == '1' || s[i] == '2') {
			year := int(s[i]-'0')*1000 + int(s[i+1]-'0')*100 + int(s[i+2]-'0')*10 + int(s[j-1]-'0')
			if (year < firstWebYear || year > latest) && (worded || monthFollows(s[j:])) {
				return true
			}
		}
		i = j
	}
	return false
}

// monthFollows reports whether s starts with a separator and a one- or
// two-digit month (1–12) that ends there.
func monthFollows(s string) bool {
	if len(s) < 2 || (s[0] != '/' && s[0] != '-') || !isDigit(s[1]) {
		return false
	}
	m, n := int(s[1]-'0'), 2
	if len(s) > 2 && isDigit(s[2]) {
		m, n = m*10+int(s[2]-'0'), 3
	}
	if len(s) > n && isDigit(s[n]) {
		return false
	}
	return m >= 1 && m <= 12
}

func isDigit(b byte) bool { return b >= '0' && b <= '9' }
