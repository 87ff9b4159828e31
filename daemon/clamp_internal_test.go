package daemon

import "testing"

// TestClampLimit: a list a request asks for is never longer than its
// bound, whatever the request says (0 used to mean all).
func TestClampLimit(t *testing.T) {
	for _, tc := range []struct{ limit, most, want int }{
		{0, maxStatusHosts, maxStatusHosts},
		{-1, maxRuns, maxRuns},
		{50, maxRuns, 50},
		{maxRuns, maxRuns, maxRuns},
		{maxRuns + 1, maxRuns, maxRuns},
		{1 << 40, maxFrontierURLs, maxFrontierURLs},
	} {
		if got := clampLimit(tc.limit, tc.most); got != tc.want {
			t.Errorf("clampLimit(%d, %d) = %d, want %d", tc.limit, tc.most, got, tc.want)
		}
	}
}
