package job

import (
	"bytes"
	"fmt"
	"strings"
	"time"

	"gopkg.in/yaml.v3"

	"github.com/sharc-archive/sharc/netguard"
)

// The y* types fix the field order and YAML spelling of Marshal's output;
// they are only written, never read (Parse walks nodes instead).
type yJob struct {
	Name        string            `yaml:"name"`
	Seeds       []string          `yaml:"seeds"`
	Workers     int               `yaml:"workers"`
	MaxActive   int               `yaml:"max_active_hosts"`
	UserAgent   string            `yaml:"user_agent"`
	Robots      string            `yaml:"robots"`
	Scope       yScope            `yaml:"scope"`
	Politeness  yPoliteness       `yaml:"politeness"`
	Fetch       yFetch            `yaml:"fetch"`
	Limits      yLimits           `yaml:"limits"`
	WARC        yWARC             `yaml:"warc"`
	Store       string            `yaml:"store"`
	Scheduler   yScheduler        `yaml:"scheduler"`
	Capture     yCapture          `yaml:"capture"`
	ChangeRates []string          `yaml:"change_rates,flow"`
	DefaultRate float64           `yaml:"default_rate"`
	RatesModel  string            `yaml:"rates_model,omitempty"`
	Resolve     map[string]string `yaml:"resolve,omitempty"`
	Schedule    string            `yaml:"schedule,omitempty"`
}

type yScope struct {
	SURTPrefixes []string `yaml:"surt_prefixes"`
	MaxHops      int      `yaml:"max_hops"`
	Include      []string `yaml:"include"`
	Exclude      []string `yaml:"exclude"`
	MaxPages     int      `yaml:"max_pages"`
	MaxBytes     any      `yaml:"max_bytes"`
	MaxDuration  string   `yaml:"max_duration"`
}

type yPoliteness struct {
	Delay         string           `yaml:"delay"`
	DelayFactor   float64          `yaml:"delay_factor"`
	MaxDelay      string           `yaml:"max_delay"`
	CrawlDelayCap string           `yaml:"crawl_delay_cap"`
	PerHost       int              `yaml:"per_host"`
	Hosts         map[string]yHost `yaml:"hosts,omitempty"`
}

type yHost struct {
	Parallel int    `yaml:"parallel"`
	Delay    string `yaml:"delay,omitempty"`
}

type yFetch struct {
	ConnectTimeout string   `yaml:"connect_timeout"`
	Timeout        string   `yaml:"timeout"`
	MaxBodyBytes   any      `yaml:"max_body_bytes"`
	MaxHeaderBytes any      `yaml:"max_header_bytes"`
	MaxRedirects   int      `yaml:"max_redirects"`
	Retries        int      `yaml:"retries"`
	RetryBackoff   string   `yaml:"retry_backoff"`
	ConditionalGet bool     `yaml:"conditional_get"`
	AllowAddresses []string `yaml:"allow_addresses,flow"`
}

type yLimits struct {
	MaxURLLength       int `yaml:"max_url_length"`
	MaxPathSegments    int `yaml:"max_path_segments"`
	MaxSegmentRepeats  int `yaml:"max_segment_repeats"`
	MaxQueryParams     int `yaml:"max_query_params"`
	MaxQueryVariants   int `yaml:"max_query_variants"`
	CalendarYearsAhead int `yaml:"calendar_years_ahead"`
	MaxOutlinks        int `yaml:"max_outlinks"`
	MaxPagesPerHost    int `yaml:"max_pages_per_host"`
	MaxSitemapsPerHost int `yaml:"max_sitemaps_per_host"`
	MaxSitemapDepth    int `yaml:"max_sitemap_depth"`
}

type yWARC struct {
	Dir      string `yaml:"dir"`
	Prefix   string `yaml:"prefix"`
	MaxSize  any    `yaml:"max_size"`
	Version  string `yaml:"version"`
	Digest   string `yaml:"digest"`
	Operator string `yaml:"operator,omitempty"`
}

type yScheduler struct {
	Strategy string  `yaml:"strategy"`
	Tau      float64 `yaml:"tau"`
}

type yCapture struct {
	Mode          string `yaml:"mode"`
	EstimatedSize any    `yaml:"estimated_size"`
	Similarity    bool   `yaml:"similarity"`
	ChangeSignal  string `yaml:"change_signal"`
}

// Marshal writes the effective job (every default spelled out) as YAML
// that Parse reads back to an equal Job; the crawler stores it with each
// capture so a capture records exactly what it was asked to do. Note that
// a postgres DSN is written as given, password included.
func (j *Job) Marshal() ([]byte, error) {
	y := yJob{
		Name:      j.Name,
		Seeds:     j.Seeds,
		Workers:   j.Workers,
		MaxActive: j.MaxActiveHosts,
		UserAgent: j.UserAgent,
		Robots:    j.Robots,
		Scope: yScope{
			SURTPrefixes: nonNil(j.Scope.SURTPrefixes),
			MaxHops:      j.Scope.MaxHops,
			MaxPages:     j.Scope.MaxPages,
			MaxBytes:     sizeValue(j.Scope.MaxBytes),
			MaxDuration:  durationText(j.Scope.MaxDuration),
			Include:      []string{},
			Exclude:      []string{},
		},
		Politeness: yPoliteness{
			Delay:         durationText(j.Politeness.Delay),
			DelayFactor:   j.Politeness.DelayFactor,
			MaxDelay:      durationText(j.Politeness.MaxDelay),
			CrawlDelayCap: durationText(j.Politeness.CrawlDelayCap),
			PerHost:       j.Politeness.PerHost,
		},
		Fetch: yFetch{
			ConnectTimeout: durationText(j.Fetch.ConnectTimeout),
			Timeout:        durationText(j.Fetch.Timeout),
			MaxBodyBytes:   sizeValue(j.Fetch.MaxBodyBytes),
			MaxHeaderBytes: sizeValue(j.Fetch.MaxHeaderBytes),
			MaxRedirects:   j.Fetch.MaxRedirects,
			Retries:        j.Fetch.Retries,
			RetryBackoff:   durationText(j.Fetch.RetryBackoff),
			ConditionalGet: j.Fetch.ConditionalGet,
			AllowAddresses: netguard.Format(j.Fetch.AllowAddresses),
		},
		Limits: yLimits(j.Limits), // same fields, in the same order
		WARC: yWARC{
			Dir:      j.WARC.Dir,
			Prefix:   j.WARC.Prefix,
			MaxSize:  sizeValue(j.WARC.MaxSize),
			Version:  j.WARC.Version,
			Digest:   j.WARC.Digest,
			Operator: j.WARC.Operator,
		},
		Store:       j.Store,
		Scheduler:   yScheduler{Strategy: j.Scheduler.Strategy, Tau: j.Scheduler.Tau},
		Capture:     yCapture{Mode: j.Capture.Mode, EstimatedSize: "auto", Similarity: j.Capture.Similarity, ChangeSignal: j.Capture.ChangeSignal},
		ChangeRates: j.ChangeRates,
		DefaultRate: j.DefaultRate,
		RatesModel:  j.RatesModel,
		Resolve:     j.Resolve,
	}
	if j.Capture.EstimatedSize > 0 {
		y.Capture.EstimatedSize = j.Capture.EstimatedSize
	}
	for _, re := range j.Scope.Include {
		y.Scope.Include = append(y.Scope.Include, re.String())
	}
	for _, re := range j.Scope.Exclude {
		y.Scope.Exclude = append(y.Scope.Exclude, re.String())
	}
	if len(j.Politeness.Hosts) > 0 {
		y.Politeness.Hosts = map[string]yHost{}
		for h, hp := range j.Politeness.Hosts {
			yh := yHost{Parallel: hp.Parallel}
			if hp.Delay != nil {
				yh.Delay = durationText(*hp.Delay)
			}
			y.Politeness.Hosts[h] = yh
		}
	}
	if j.Schedule != nil {
		y.Schedule = j.Schedule.Spec
	}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(y); err != nil {
		return nil, fmt.Errorf("marshal job %q: %w", j.Name, err)
	}
	if err := enc.Close(); err != nil {
		return nil, fmt.Errorf("marshal job %q: %w", j.Name, err)
	}
	return b.Bytes(), nil
}

// durationText writes 0 as "0s" and drops Go's trailing zero units
// ("1m0s" → "1m") for readability; both parse back identically.
func durationText(d time.Duration) string {
	s := d.String()
	if strings.HasSuffix(s, "m0s") {
		s = s[:len(s)-2]
	}
	if strings.HasSuffix(s, "h0m") {
		s = s[:len(s)-2]
	}
	return s
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// sizeValue writes a size with its unit when one divides it, else as a
// plain integer.
func sizeValue(n int64) any {
	s := FormatSize(n)
	if s[len(s)-1] == 'B' {
		return s
	}
	return n
}
