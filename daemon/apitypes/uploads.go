package apitypes

import "time"

// WACZUpload is one uploaded package and what verifying it found.
type WACZUpload struct {
	ID       string       `json:"id"`
	Name     string       `json:"name"`
	Bytes    int64        `json:"bytes"`
	SHA256   string       `json:"sha256"`
	Uploaded time.Time    `json:"uploaded"`
	Uploader string       `json:"uploader"`
	Verify   UploadVerify `json:"verify"`
}

// UploadVerify is wacz.Verify's report in brief.
type UploadVerify struct {
	OK               bool     `json:"ok"`
	Files            int      `json:"files"`
	Records          int      `json:"records"`
	Pages            int      `json:"pages"`
	Signed           bool     `json:"signed"`
	KeyType          string   `json:"key_type,omitempty"`
	ReplayVerifiable bool     `json:"replay_verifiable"`
	Signer           string   `json:"signer,omitempty"`
	Problems         []string `json:"problems"`
}
