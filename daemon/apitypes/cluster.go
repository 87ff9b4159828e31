package apitypes

// ClusterInfo answers GET /api/v1/cluster: this node, and for each open
// capture of the daemon's jobs the nodes that share it with the hosts
// each holds.
type ClusterInfo struct {
	Cluster  bool             `json:"cluster"` // false: this daemon is not in cluster mode
	Node     string           `json:"node,omitempty"`
	Captures []ClusterCapture `json:"captures"`
}

// ClusterCapture is one open capture's nodes.
type ClusterCapture struct {
	Capture int64        `json:"capture"`
	Job     string       `json:"job"`
	Nodes   []NodeMember `json:"nodes"`
}

// NodeMember is one node of a capture (store.ClusterMember).
type NodeMember struct {
	Node      string   `json:"node"`
	State     string   `json:"state"`
	Live      bool     `json:"live"`
	ExpiresIn float64  `json:"expires_in_seconds"`
	HostsHeld int      `json:"hosts_held"`
	Hosts     []string `json:"hosts"`
}
