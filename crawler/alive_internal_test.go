package crawler

import (
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/sharc-archive/sharc/store"
)

// TestHoldersDead: a capture lock whose recorded holders all are exited
// processes of this host is waited for (its server session ends soon);
// one held by a running process, this one, or another host is refused at
// once as before.
func TestHoldersDead(t *testing.T) {
	host, err := os.Hostname()
	if err != nil {
		t.Skip("no host name")
	}
	exited := exec.Command("true")
	if err := exited.Run(); err != nil {
		t.Skip("no true(1):", err)
	}
	running := exec.Command("sleep", "60")
	if err := running.Start(); err != nil {
		t.Skip("no sleep(1):", err)
	}
	t.Cleanup(func() { _ = running.Process.Kill(); _ = running.Wait() })
	holder := func(h string, pid int) store.CaptureHolder {
		return store.CaptureHolder{Job: "j", Host: h, PID: pid, Since: time.Now()}
	}
	dead, live := exited.Process.Pid, running.Process.Pid
	for _, tc := range []struct {
		name string
		hs   []store.CaptureHolder
		want bool
	}{
		{"an exited process", []store.CaptureHolder{holder(host, dead)}, true},
		{"a running process", []store.CaptureHolder{holder(host, live)}, false},
		{"this process", []store.CaptureHolder{holder(host, os.Getpid())}, false},
		{"another host", []store.CaptureHolder{holder(host+".elsewhere", dead)}, false},
		{"one of two alive", []store.CaptureHolder{holder(host, dead), holder(host, live)}, false},
		{"no holder recorded", nil, false},
	} {
		if got := holdersDead(tc.hs); got != tc.want {
			t.Errorf("%s: holdersDead = %v, want %v", tc.name, got, tc.want)
		}
	}
}
