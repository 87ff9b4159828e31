package daemon

import (
	"context"
	"testing"

	"github.com/sharc-archive/sharc/internal/version"
)

// TestVersionEndpoint: GET /api/v1/version names the build as the WARCs
// and WACZ packages this daemon writes do (package internal/version).
func TestVersionEndpoint(t *testing.T) {
	td := startDaemon(t, storeDSN(t), 1)
	var got map[string]string
	if err := td.client.do(context.Background(), "GET", "/api/v1/version", nil, "", &got); err != nil {
		t.Fatal(err)
	}
	if got["software"] != version.Software() || got["version"] != version.String() {
		t.Errorf("/api/v1/version = %v, want version %q, software %q", got, version.String(), version.Software())
	}
}
