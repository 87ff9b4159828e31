package upload

import (
	"fmt"
	"strings"

	"github.com/sharc-archive/sharc/crawler/job"
)

// FromJob builds a Client from a job's warc.upload, reading the
// credentials from the environment variables it names through getenv
// (os.Getenv). It does not contact the server (see Check). A job naming a
// remote is refused: remotes are the daemon's (daemon.Config.Remotes).
func FromJob(u *job.Upload, getenv func(string) string) (*Client, error) {
	if u.Remote != "" {
		// Only a daemon's config defines remotes (and their credentials).
		return nil, fmt.Errorf("upload: remote %q is defined in a daemon's config (sharc serve); here the job needs warc.upload.endpoint and bucket, credentials from access_key_env and secret_key_env", u.Remote)
	}
	access, secret := getenv(u.AccessKeyEnv), getenv(u.SecretKeyEnv)
	var missing []string
	for _, kv := range [][2]string{{u.AccessKeyEnv, access}, {u.SecretKeyEnv, secret}} {
		if kv[1] == "" {
			missing = append(missing, kv[0])
		}
	}
	if len(missing) > 0 {
		return nil, fmt.Errorf("upload: credentials: environment variable(s) %s unset or empty", strings.Join(missing, ", "))
	}
	return New(Config{Endpoint: u.Endpoint, Bucket: u.Bucket, Prefix: u.Prefix, Region: u.Region,
		AccessKey: access, SecretKey: secret, UseTLS: u.UseTLS, DeleteLocal: u.DeleteLocal, Parallel: u.Parallel, Retries: u.Retries})
}
