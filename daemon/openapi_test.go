package daemon

import (
	"os"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// TestOpenAPICoversRoutes checks docs/openapi.yaml is valid YAML, documents
// every route of the router with its method, and documents no route the
// router lacks.
func TestOpenAPICoversRoutes(t *testing.T) {
	data, err := os.ReadFile("../docs/openapi.yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		OpenAPI string                          `yaml:"openapi"`
		Paths   map[string]map[string]yaml.Node `yaml:"paths"`
	}
	if err := yaml.Unmarshal(data, &doc); err != nil {
		t.Fatalf("openapi.yaml: %v", err)
	}
	if !strings.HasPrefix(doc.OpenAPI, "3.") {
		t.Fatalf("openapi version %q, want 3.x", doc.OpenAPI)
	}
	d := &Daemon{}
	served := map[string]bool{"get /metrics": true, "get /healthz": true, "get /readyz": true}
	for _, rt := range d.routes() {
		served[strings.ToLower(rt.method)+" "+rt.path] = true
	}
	for key := range served {
		method, path, _ := strings.Cut(key, " ")
		if _, ok := doc.Paths[path][method]; !ok {
			t.Errorf("route %s %s is not in docs/openapi.yaml", strings.ToUpper(method), path)
		}
	}
	for path, ops := range doc.Paths {
		for method := range ops {
			if method == "parameters" {
				continue
			}
			if !served[method+" "+path] {
				t.Errorf("docs/openapi.yaml documents %s %s, which the router does not serve", strings.ToUpper(method), path)
			}
		}
	}
}
