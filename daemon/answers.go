package daemon

import "github.com/sharc-archive/sharc/daemon/apitypes"

// The API's answers are declared once, in package apitypes, which the
// console reads too; these names keep the daemon's code and its clients
// (client.go, the tests) as they were.
type (
	JobInfo        = apitypes.JobInfo
	LiveCounts     = apitypes.LiveCounts
	RunInfo        = apitypes.RunInfo
	CaptureInfo    = apitypes.CaptureInfo
	Status         = apitypes.Status
	HostStatusJSON = apitypes.HostStatusJSON
	HostErrorClass = apitypes.HostErrorClass
	APIError       = apitypes.APIError
	WACZUpload     = apitypes.WACZUpload
	UploadVerify   = apitypes.UploadVerify
	DiffSide       = apitypes.DiffSide
	PageDiff       = apitypes.PageDiff
	LogQuery       = apitypes.LogQuery
	LogLine        = apitypes.LogLine
	LogSearch      = apitypes.LogSearch
	PageChangeJSON = apitypes.PageChangeJSON
	CaptureChanges = apitypes.CaptureChanges
	ChangeKinds    = apitypes.ChangeKinds
	SeriesPoint    = apitypes.SeriesPoint
	ClusterInfo    = apitypes.ClusterInfo
	ClusterCapture = apitypes.ClusterCapture
	NodeMember     = apitypes.NodeMember
	UserInfo       = apitypes.UserInfo
	NewUser        = apitypes.NewUser
)

// The classes of HostStatusJSON.ErrorsByClass (apitypes.HostErrorClass).
const (
	HostErrHTTP4xx = apitypes.HostErrHTTP4xx
	HostErrHTTP5xx = apitypes.HostErrHTTP5xx
	HostErrNetwork = apitypes.HostErrNetwork
	HostErrBlocked = apitypes.HostErrBlocked
	HostErrOther   = apitypes.HostErrOther
)

// HostErrorClasses lists every HostErrorClass, in the console's column order.
func HostErrorClasses() []HostErrorClass { return apitypes.HostErrorClasses() }

// addHostTotals sets st's hosts from rows (every host, the most queued
// first), cut to limit (0: all), and the error totals over all of them.
func addHostTotals(st *Status, rows []HostStatusJSON, limit int) {
	st.HostsTotal = len(rows)
	st.ErrorsByClass = hostErrorCounts(nil)
	for i, h := range rows {
		st.InFlight += h.InFlight
		st.Errors += h.Errors
		for c, n := range h.ErrorsByClass {
			st.ErrorsByClass[c] += n
		}
		if limit == 0 || i < limit {
			st.Hosts = append(st.Hosts, h)
		}
	}
}
