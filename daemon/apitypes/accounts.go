package apitypes

import "time"

// UserInfo is an account as the API shows it: never its token or hash.
type UserInfo struct {
	Name      string     `json:"name"`
	Role      string     `json:"role"`
	Created   time.Time  `json:"created"`
	CreatedBy string     `json:"created_by,omitempty"`
	Revoked   *time.Time `json:"revoked,omitempty"`
}

// NewUser is POST /api/v1/users's answer: the token is shown this once.
type NewUser struct {
	UserInfo
	Token string `json:"token"`
}
