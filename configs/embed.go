package configs

import _ "embed" // the demo job, built into the binary

// DemoJob is configs/demo.yaml as built in: the job `sharc demo` and
// `sharc experiment live` run when no configs/demo.yaml is at hand.
//
//go:embed demo.yaml
var DemoJob string

// DemoJobPath is where the demo job is read from first, relative to the
// working directory (a checkout's root, as `make demo` runs it).
const DemoJobPath = "configs/demo.yaml"
