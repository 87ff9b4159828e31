package job

import (
	"strings"
	"testing"
)

func TestParseSize(t *testing.T) {
	tests := []struct {
		in      string
		want    int64
		wantErr string
	}{
		{"0", 0, ""},
		{"4096", 4096, ""},
		{"100MB", 100_000_000, ""},
		{"100mb", 100_000_000, ""},
		{"1GiB", 1 << 30, ""},
		{"1.5 GB", 1_500_000_000, ""},
		{" 2 KiB ", 2048, ""},
		{"0.5KiB", 512, ""},
		{"7B", 7, ""},
		{"8EiB", 0, "unknown unit"},
		{"8192PiB", 0, "too large"},
		{"9223372036854775807", 9223372036854775807, ""},
		{"9223372036854775808", 0, "too large"},
		{"1.5B", 0, "not a whole number of bytes"},
		{"", 0, "empty size"},
		{"MB", 0, "does not start with a number"},
		{"-1MB", 0, "does not start with a number"},
		{"1..2MB", 0, "does not start with a number"},
		{"1e9", 0, "unknown unit"},
		{"1 000", 0, "unknown unit"},
		{strings.Repeat("9", 65), 0, "too long"},
	}
	for _, tt := range tests {
		got, err := ParseSize(tt.in)
		if tt.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseSize(%q) = %d, %v; want error containing %q", tt.in, got, err, tt.wantErr)
			}
			continue
		}
		if err != nil || got != tt.want {
			t.Errorf("ParseSize(%q) = %d, %v; want %d", tt.in, got, err, tt.want)
		}
	}
}

func TestFormatSize(t *testing.T) {
	tests := []struct {
		in   int64
		want string
	}{
		{0, "0"}, {1, "1"}, {1000, "1KB"}, {1024, "1KiB"}, {1 << 30, "1GiB"},
		{100_000_000, "100MB"}, {1_500_000_000, "1500MB"}, {1025, "1025"},
	}
	for _, tt := range tests {
		if got := FormatSize(tt.in); got != tt.want {
			t.Errorf("FormatSize(%d) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// FuzzParseSize: never panics, never returns a negative size, and every
// accepted size formats and parses back to itself.
func FuzzParseSize(f *testing.F) {
	for _, s := range []string{"0", "100MB", "1GiB", "1.5 GB", "0.5KiB", "9223372036854775807", "1..2", ".", "8192PiB"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, err := ParseSize(s)
		if err != nil {
			return
		}
		if n < 0 {
			t.Fatalf("ParseSize(%q) = %d < 0", s, n)
		}
		back, err := ParseSize(FormatSize(n))
		if err != nil || back != n {
			t.Fatalf("ParseSize(FormatSize(%d)=%q) = %d, %v", n, FormatSize(n), back, err)
		}
	})
}
