package console

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"

	"github.com/sharc-archive/sharc/daemon/apitypes"
)

// jobRow is a job of the job list with its latest runs (GET …/runs),
// newest first: the list's history.
type jobRow struct {
	apitypes.JobInfo
	Runs []apitypes.RunInfo
}

// APIError is an answer other than 2xx, with the API's message and
// details (a job's problems, one "FILE:LINE: FIELD: MSG" each): the
// same value the API encodes.
type APIError = apitypes.APIError

// shown is how a page shows err: an API error as its status and message.
func shown(err error) string {
	var ae *APIError
	if errors.As(err, &ae) {
		return fmt.Sprintf("%d: %s", ae.Status, ae.Message)
	}
	return err.Error()
}

// call GETs path of the API in-process (see do).
func (c *Console) call(ctx context.Context, path string, header http.Header) (*Answer, error) {
	return c.do(ctx, http.MethodGet, path, header, nil)
}

// do asks the daemon's API in-process, as the context's principal, and
// returns its answer; a non-2xx answer is an *APIError too.
func (c *Console) do(ctx context.Context, method, path string, header http.Header, body []byte) (*Answer, error) {
	a, err := c.api.Ask(ctx, Request{Method: method, Path: path, Header: header, Body: bytes.NewReader(body)})
	if err != nil {
		return nil, err
	}
	if a.Status/100 != 2 {
		return a, answerError(a)
	}
	return a, nil
}

// answerError is the *APIError of a non-2xx answer.
func answerError(a *Answer) error {
	var body struct {
		Error   string   `json:"error"`
		Details []string `json:"details"`
	}
	_ = json.Unmarshal(a.Body, &body)
	return &APIError{Status: a.Status, Message: body.Error, Details: body.Details}
}

// maxAnswer bounds what the console decodes from one API answer.
const maxAnswer = 64 << 20
