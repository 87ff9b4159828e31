// Package replaytest holds no code, only the replay test: SHARC's WACZ
// packages replayed by ReplayWeb.page 2.5.3 (the npm build from
// tests/js's lockfile) in headless Debian Chromium driven with chromedp.
// It checks that pages replay at their visit and revisit times, for both
// kinds of revisit record, and that ReplayWeb.page verifies the package's
// signature (docs/interop.md). Everything runs on loopback; the test
// skips, saying why, when chromium or the npm packages are missing
// (make test installs both).
//
// Concurrency: each test starts its own site, file server and browser
// with a fresh profile, and stops them before it returns.
package replaytest
