package wacz

import (
	"bytes"
	"context"
	"crypto"
	"crypto/x509"
	"encoding/base64"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/digitorus/timestamp"
)

// Timestamper asks an RFC 3161 time-stamping authority (TSA) to sign
// data's SHA-256 and returns its DER TimeStampResp.
type Timestamper interface {
	Timestamp(ctx context.Context, data []byte) ([]byte, error)
}

// maxTSAResponse bounds what is read from a TSA: a response is a few
// kilobytes (a token and the TSA's certificates).
const maxTSAResponse = 1 << 20

// CreatedSkew is how far a package's created time and the TSA's time may
// lie apart (WACZ Signing 0.1.0, verification step 6: 10 minutes).
const CreatedSkew = 10 * time.Minute

// ErrTimestamp is wrapped by errors from asking a TSA or reading its answer.
var ErrTimestamp = errors.New("wacz: RFC 3161 timestamp")

// TSAClient is a Timestamper over HTTP (RFC 3161 section 3.4). Client
// should dial through the product's network guard (netguard.Guard's
// Transport), like every other connection SHARC makes.
type TSAClient struct {
	URL    string
	Client *http.Client
}

// Timestamp posts a time-stamp request for data's SHA-256, asking the TSA
// to include its certificates, and returns the response after checking it
// parses, its signature holds and it stamps this data.
func (c TSAClient) Timestamp(ctx context.Context, data []byte) ([]byte, error) {
	req, err := timestamp.CreateRequest(bytes.NewReader(data), &timestamp.RequestOptions{Hash: crypto.SHA256, Certificates: true})
	if err != nil {
		return nil, fmt.Errorf("%w: request: %w", ErrTimestamp, err)
	}
	hr, err := http.NewRequestWithContext(ctx, http.MethodPost, c.URL, bytes.NewReader(req))
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrTimestamp, err)
	}
	hr.Header.Set("Content-Type", "application/timestamp-query")
	cl := c.Client
	if cl == nil {
		return nil, fmt.Errorf("%w: no HTTP client (the network guard's)", ErrTimestamp)
	}
	resp, err := cl.Do(hr)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrTimestamp, c.URL, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxTSAResponse))
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrTimestamp, c.URL, err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, fmt.Errorf("%w: %s answered %s", ErrTimestamp, c.URL, resp.Status)
	}
	if _, err := stampOf(body, data); err != nil {
		return nil, fmt.Errorf("%w: %s: %w", ErrTimestamp, c.URL, err)
	}
	return body, nil
}

// stampOf parses a DER TimeStampResp (which checks the token's signature
// with the certificates it carries) and checks its message imprint is the
// hash of data.
func stampOf(resp, data []byte) (*timestamp.Timestamp, error) {
	if err := checkTokenShape(resp); err != nil {
		return nil, err
	}
	ts, err := timestamp.ParseResponse(resp)
	if err != nil {
		return nil, fmt.Errorf("token: %w", err)
	}
	if !ts.HashAlgorithm.Available() {
		return nil, fmt.Errorf("token hashes with an unsupported algorithm %v", ts.HashAlgorithm)
	}
	h := ts.HashAlgorithm.New()
	h.Write(data)
	if !bytes.Equal(h.Sum(nil), ts.HashedMessage) {
		return nil, errors.New("the token stamps other data (message imprint differs)")
	}
	return ts, nil
}

// addTimestamp asks ts to stamp sd.Signature (the spec's timeSignature:
// "signature of 'signature' by timestampCert", the base64 text, as
// authsign and wacz-signing stamp it) and stores the response and the
// TSA's certificates in sd.
func addTimestamp(ctx context.Context, sd *SignedData, ts Timestamper, created time.Time) error {
	resp, err := ts.Timestamp(ctx, []byte(sd.Signature))
	if err != nil {
		return err
	}
	st, err := stampOf(resp, []byte(sd.Signature))
	if err != nil {
		return fmt.Errorf("%w: %w", ErrTimestamp, err)
	}
	if d := st.Time.Sub(created.Truncate(time.Second)); d > CreatedSkew || d < -CreatedSkew {
		return fmt.Errorf("%w: the TSA's time %s is %v from the package's created time %s (the clock is off?)",
			ErrTimestamp, st.Time.UTC().Format(time.RFC3339), d, created.UTC().Format(time.RFC3339))
	}
	sd.TimeSignature = base64.StdEncoding.EncodeToString(resp)
	if len(st.Certificates) > 0 {
		sd.TimestampCert = ChainPEM(tsaChainOrder(st.Certificates))
	}
	return nil
}

// tsaChainOrder puts the time-stamping certificate first, then the rest
// in the token's order.
func tsaChainOrder(certs []*x509.Certificate) []*x509.Certificate {
	out := make([]*x509.Certificate, 0, len(certs))
	for _, c := range certs {
		if isTSACert(c) {
			out = append(out, c)
		}
	}
	for _, c := range certs {
		if !isTSACert(c) {
			out = append(out, c)
		}
	}
	return out
}

func isTSACert(c *x509.Certificate) bool {
	for _, u := range c.ExtKeyUsage {
		if u == x509.ExtKeyUsageTimeStamping {
			return true
		}
	}
	return false
}
