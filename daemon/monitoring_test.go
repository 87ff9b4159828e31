package daemon

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prometheus/prometheus/promql/parser"
	"gopkg.in/yaml.v3"
)

// The shipped monitoring configs (docs/operations.md, "Monitoring").
var (
	alertRulesFile = filepath.Join("..", "configs", "prometheus-alerts.yml")
	alertTestsFile = filepath.Join("..", "configs", "prometheus-alerts.test.yml")
	dashboardFile  = filepath.Join("..", "configs", "grafana-dashboard.json")
)

// clusterPending are the cluster series the configs use that the cluster
// branch adds (daemon/cluster_metrics.go). Until a scrape has any
// sharc_cluster_ series they may be missing; once it has one, all must be
// there.
var clusterPending = map[string]bool{
	"sharc_cluster_hosts_leased":          true,
	"sharc_cluster_lease_takeovers_total": true,
	"sharc_cluster_heartbeat_age_seconds": true,
}

// grafanaVars stand in for the dashboard's Grafana variables so its
// queries parse as PromQL.
var grafanaVars = strings.NewReplacer("$__rate_interval", "5m", "$__interval", "1m", "$__range", "1h")

// metricNames returns the metric names an expression selects, sorted.
func metricNames(expr string) ([]string, error) {
	e, err := parser.ParseExpr(grafanaVars.Replace(expr))
	if err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	parser.Inspect(e, func(n parser.Node, _ []parser.Node) error {
		if vs, ok := n.(*parser.VectorSelector); ok {
			name := vs.Name
			for _, m := range vs.LabelMatchers {
				if m.Name == "__name__" {
					name = m.Value
				}
			}
			seen[name] = true
		}
		return nil
	})
	out := make([]string, 0, len(seen))
	for n := range seen {
		out = append(out, n)
	}
	sort.Strings(out)
	return out, nil
}

func TestMetricNames(t *testing.T) {
	for _, c := range []struct {
		expr string
		want string
		err  bool
	}{
		{`sharc_ready == 0`, "sharc_ready", false},
		{`sum by (job) (rate(sharc_fetch_errors_total{job=~"$job"}[$__rate_interval])) / sum by (job) (rate(sharc_fetched_total[5m]))`,
			"sharc_fetch_errors_total sharc_fetched_total", false},
		{`time() - sharc_x and on (job) {__name__="sharc_y"}`, "sharc_x sharc_y", false},
		{`histogram_quantile(0.9, sum by (le) (rate(a_bucket[1m])))`, "a_bucket", false},
		{`sum(rate(sharc_x[5m]`, "", true},
	} {
		got, err := metricNames(c.expr)
		if (err != nil) != c.err || strings.Join(got, " ") != c.want {
			t.Errorf("metricNames(%q) = %q, %v; want %q (error %v)", c.expr, got, err, c.want, c.err)
		}
	}
}

// ruleExprs returns the alert rules file's expressions by alert name.
func ruleExprs(t *testing.T) map[string]string {
	t.Helper()
	data, err := os.ReadFile(alertRulesFile)
	if err != nil {
		t.Fatal(err)
	}
	var rf struct {
		Groups []struct {
			Name  string
			Rules []struct{ Alert, Record, Expr string }
		}
	}
	if err := yaml.Unmarshal(data, &rf); err != nil {
		t.Fatalf("%s: %v", alertRulesFile, err)
	}
	out := map[string]string{}
	for _, g := range rf.Groups {
		for _, r := range g.Rules {
			out[r.Alert+r.Record] = r.Expr
		}
	}
	return out
}

var labelValuesQuery = regexp.MustCompile(`^label_values\(\s*([a-zA-Z_:][a-zA-Z0-9_:]*)\s*,\s*[a-zA-Z_][a-zA-Z0-9_]*\s*\)$`)

// dashboardExprs returns every PromQL query of the dashboard (panel
// targets, and the metric of each label_values variable), checking on the
// way that panel ids are unique.
func dashboardExprs(t *testing.T) []string {
	t.Helper()
	data, err := os.ReadFile(dashboardFile)
	if err != nil {
		t.Fatal(err)
	}
	var dash struct {
		Panels []struct {
			ID      int    `json:"id"`
			Title   string `json:"title"`
			Targets []struct {
				Expr string `json:"expr"`
			} `json:"targets"`
		} `json:"panels"`
		Templating struct {
			List []struct {
				Type  string          `json:"type"`
				Query json.RawMessage `json:"query"`
			} `json:"list"`
		} `json:"templating"`
	}
	if err := json.Unmarshal(data, &dash); err != nil {
		t.Fatalf("%s: %v", dashboardFile, err)
	}
	var out []string
	ids := map[int]string{}
	for _, p := range dash.Panels {
		if prev, dup := ids[p.ID]; dup {
			t.Errorf("dashboard: panels %q and %q share id %d", prev, p.Title, p.ID)
		}
		ids[p.ID] = p.Title
		for _, tg := range p.Targets {
			out = append(out, tg.Expr)
		}
	}
	for _, v := range dash.Templating.List {
		if v.Type != "query" {
			continue
		}
		var q struct{ Query string }
		if err := json.Unmarshal(v.Query, &q); err != nil {
			t.Fatalf("dashboard variable query %s: %v", v.Query, err)
		}
		m := labelValuesQuery.FindStringSubmatch(q.Query)
		if m == nil {
			t.Fatalf("dashboard variable query %q: not label_values(metric, label)", q.Query)
		}
		out = append(out, m[1])
	}
	return out
}

// TestMonitoringConfigs: the alert rules and the dashboard parse, and every
// metric they name is in a real scrape of a cluster node that ran a
// capture. With promtool (Debian package prometheus): `promtool check
// rules` passes and the rules' unit tests (prometheus-alerts.test.yml)
// pass.
func TestMonitoringConfigs(t *testing.T) {
	rules := ruleExprs(t)
	dash := dashboardExprs(t)
	if len(rules) < 8 || len(dash) < 25 {
		t.Fatalf("%d alert rules and %d dashboard queries: the files lost their content", len(rules), len(dash))
	}

	var hits atomic.Int64
	srv := httptest.NewServer(treeSite(20, 0, &hits))
	defer srv.Close()
	td := startNode(t, clusterDSN(t), "n1", t.TempDir())
	if _, err := td.client.Submit(context.Background(), jobYAML("mon", strings.TrimPrefix(srv.URL, "http://"), ""), "mon.yaml"); err != nil {
		t.Fatal(err)
	}
	waitState(t, td.client, "mon", stateIdle, 20*time.Second)
	m := getMetrics(t, td)
	hasCluster := false
	for n := range m.names {
		hasCluster = hasCluster || strings.HasPrefix(n, "sharc_cluster_")
	}

	check := func(where, expr string) {
		names, err := metricNames(expr)
		if err != nil {
			t.Errorf("%s: %q does not parse: %v", where, expr, err)
			return
		}
		for _, n := range names {
			switch {
			case m.names[n]:
			case clusterPending[n] && !hasCluster:
				t.Logf("%s: %s not in the scrape: the cluster series come with daemon/cluster_metrics.go (cluster branch)", where, n)
			default:
				t.Errorf("%s: metric %s is not in the daemon's scrape", where, n)
			}
		}
	}
	for alert, expr := range rules {
		check("alert "+alert, expr)
	}
	for _, expr := range dash {
		check("dashboard", expr)
	}
	promtool(t, "check", "rules", alertRulesFile)
	promtool(t, "test", "rules", alertTestsFile)
}

// promtool runs promtool with args, if it is installed, and fails the test
// on a non-zero exit.
func promtool(t *testing.T, args ...string) {
	t.Helper()
	tool, err := exec.LookPath("promtool")
	if err != nil {
		t.Logf("promtool not installed (Debian package prometheus; make test installs it as root): promtool %s skipped", strings.Join(args, " "))
		return
	}
	if out, err := exec.Command(tool, args...).CombinedOutput(); err != nil {
		t.Errorf("promtool %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}
