package testkit

import "strings"

// ShingleChange is 1 − the Jaccard resemblance of the sets of word
// 3-shingles of two texts (words split at white space), counted from the
// texts themselves: the exact figure a content sketch estimates
// (refresh.ChangedFraction), for tests to check it against.
func ShingleChange(a, b string) float64 {
	sa, sb := shingleSet(a), shingleSet(b)
	both := 0
	for s := range sa {
		if sb[s] {
			both++
		}
	}
	return 1 - float64(both)/float64(len(sa)+len(sb)-both)
}

func shingleSet(text string) map[string]bool {
	ws := strings.Fields(text)
	out := map[string]bool{}
	for i := 0; i+3 <= len(ws); i++ {
		out[strings.Join(ws[i:i+3], " ")] = true
	}
	return out
}
