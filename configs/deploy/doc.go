// Package deploy holds no code: its tests check the files that run SHARC
// in production against the code they configure — the top-level
// Dockerfile and docker-compose.yml, configs/compose.yaml and the systemd
// unit configs/deploy/sharc.service — with the real tools (docker-compose,
// systemd-analyze) where they are installed (`make test` installs
// docker-compose), and with structural checks everywhere: a stop timeout
// longer than the daemon's drain_timeout, a non-root image whose health
// probe is a real sharc command, configs the daemon accepts.
//
// Concurrency: nothing to share; the tests build the sharc binary once.
package deploy
