package upload

import (
	"fmt"
	"strings"

	"github.com/sharc-archive/sharc/job"
)

// FromJob builds a Client from a job's warc.upload, reading the
// credentials from the environment variables it names through getenv
// (os.Getenv). It does not contact the server (see Check).
func FromJob(u *job.Upload, getenv func(string) string) (*Client, error) {
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
