package apitypes

// HostErrorClass is a class of a host's failed fetches in the status API's
// errors_by_class, to tell why a host is slow: the site answers errors
// (http_4xx, http_5xx), the network fails (network), the crawl may not
// fetch (blocked), or something else.
type HostErrorClass string

// The classes of HostStatusJSON.ErrorsByClass.
const (
	HostErrHTTP4xx HostErrorClass = "http_4xx" // an HTTP answer 400–499
	HostErrHTTP5xx HostErrorClass = "http_5xx" // an HTTP answer 500–599
	// HostErrNetwork: no answer: connect failed or lost (-2, -3), timeout
	// (-4), host unresolved (-6), retries exhausted (-8).
	HostErrNetwork HostErrorClass = "network"
	// HostErrBlocked: robots.txt precluded it (-9998) or the network guard
	// refused it (-5002). Robots exclusions are policy, so the host's
	// "errors" leave them out; this class counts them.
	HostErrBlocked HostErrorClass = "blocked"
	HostErrOther   HostErrorClass = "other" // any other failure code (-5, -7, -61, …)
)

// HostErrorClasses lists every HostErrorClass, in the console's column order.
func HostErrorClasses() []HostErrorClass {
	return []HostErrorClass{HostErrHTTP4xx, HostErrHTTP5xx, HostErrNetwork, HostErrBlocked, HostErrOther}
}

// ErrorCounts are failed fetches by class, every class present. Its
// methods name the classes for templates, which cannot spell a typed key.
type ErrorCounts map[HostErrorClass]int64

// HTTP4xx counts the answers 400–499.
func (e ErrorCounts) HTTP4xx() int64 { return e[HostErrHTTP4xx] }

// HTTP5xx counts the answers 500–599.
func (e ErrorCounts) HTTP5xx() int64 { return e[HostErrHTTP5xx] }

// Network counts the fetches that got no answer.
func (e ErrorCounts) Network() int64 { return e[HostErrNetwork] }

// Blocked counts the fetches robots.txt or the network guard refused.
func (e ErrorCounts) Blocked() int64 { return e[HostErrBlocked] }

// Other counts every other failure.
func (e ErrorCounts) Other() int64 { return e[HostErrOther] }
