package browserfetch

// UnguardWebRTC makes p start its browser without the flags that keep
// WebRTC off UDP: the positive control of TestCaptureWebRTCSendsNoUDP.
func UnguardWebRTC(p *Pool) { p.webrtcUnguarded = true }
