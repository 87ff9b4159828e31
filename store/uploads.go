package store

import (
	"context"
	"database/sql"
	"fmt"
	"time"
)

// setUploadSQL upserts a WARCUpload; %s are the dialect's placeholders.
// The WHERE keeps an uploaded row from being set back to pending.
const setUploadSQL = `INSERT INTO warc_uploads
	(capture_id, file, local_path, state, object_url, size, sha256, last_error, updated)
	VALUES (%s)
	ON CONFLICT (capture_id, file) DO UPDATE SET
		local_path = excluded.local_path, state = excluded.state, object_url = excluded.object_url,
		size = excluded.size, sha256 = excluded.sha256, last_error = excluded.last_error, updated = excluded.updated
	WHERE warc_uploads.state <> 'uploaded' OR excluded.state = 'uploaded'`

const uploadCols = `u.capture_id, u.file, u.local_path, u.state, u.object_url, u.size, u.sha256, u.last_error, u.updated`

const uploadsOfCaptureSQL = `SELECT ` + uploadCols + ` FROM warc_uploads u WHERE u.capture_id = %s ORDER BY u.file`

const pendingUploadsSQL = `SELECT ` + uploadCols + ` FROM warc_uploads u
	JOIN captures c ON c.id = u.capture_id
	WHERE c.job_id = %s AND u.state = 'pending' ORDER BY u.capture_id, u.file`

func uploadTime(u WARCUpload) time.Time {
	if u.Updated.IsZero() {
		return time.Now()
	}
	return u.Updated
}

func checkUpload(u WARCUpload) error {
	if u.File == "" || (u.State != UploadPending && u.State != UploadDone) {
		return fmt.Errorf("store: set WARC upload: need a file name and state %q or %q, got %q, %q",
			UploadPending, UploadDone, u.File, u.State)
	}
	return nil
}

func (s *sqliteStore) SetWARCUpload(ctx context.Context, u WARCUpload) error {
	if err := checkUpload(u); err != nil {
		return err
	}
	_, err := s.w.ExecContext(ctx, fmt.Sprintf(setUploadSQL, "?, ?, ?, ?, ?, ?, ?, ?, ?"),
		u.CaptureID, u.File, u.LocalPath, string(u.State), u.ObjectURL, u.Size, u.SHA256, u.LastError, micros(uploadTime(u)))
	if err != nil {
		return fmt.Errorf("store: set WARC upload %s of capture %d: %w", u.File, u.CaptureID, err)
	}
	return nil
}

func (s *sqliteStore) WARCUploads(ctx context.Context, captureID int64) ([]WARCUpload, error) {
	return s.queryUploads(ctx, fmt.Sprintf(uploadsOfCaptureSQL, "?"), captureID)
}

func (s *sqliteStore) PendingWARCUploads(ctx context.Context, jobID int64) ([]WARCUpload, error) {
	return s.queryUploads(ctx, fmt.Sprintf(pendingUploadsSQL, "?"), jobID)
}

func (s *sqliteStore) queryUploads(ctx context.Context, q string, id int64) ([]WARCUpload, error) {
	rows, err := s.r.QueryContext(ctx, q, id)
	if err != nil {
		return nil, fmt.Errorf("store: WARC uploads: %w", err)
	}
	defer rows.Close()
	var out []WARCUpload
	for rows.Next() {
		var u WARCUpload
		var updated int64
		if err := rows.Scan(&u.CaptureID, &u.File, &u.LocalPath, &u.State, &u.ObjectURL, &u.Size, &u.SHA256, &u.LastError, &updated); err != nil {
			return nil, fmt.Errorf("store: WARC uploads: %w", err)
		}
		u.Updated = fromMicros(updated)
		out = append(out, u)
	}
	return out, sqlRowsErr(rows)
}

func sqlRowsErr(rows *sql.Rows) error {
	if err := rows.Err(); err != nil {
		return fmt.Errorf("store: WARC uploads: %w", err)
	}
	return nil
}

func (s *pgStore) SetWARCUpload(ctx context.Context, u WARCUpload) error {
	if err := checkUpload(u); err != nil {
		return err
	}
	err := s.retrying(ctx, "set WARC upload", func() error {
		_, err := s.pool.Exec(ctx, fmt.Sprintf(setUploadSQL, "$1, $2, $3, $4, $5, $6, $7, $8, $9"),
			u.CaptureID, u.File, u.LocalPath, string(u.State), u.ObjectURL, u.Size, u.SHA256, u.LastError, uploadTime(u).UTC())
		return err
	})
	if err != nil {
		return fmt.Errorf("store: set WARC upload %s of capture %d: %w", u.File, u.CaptureID, err)
	}
	return nil
}

func (s *pgStore) WARCUploads(ctx context.Context, captureID int64) ([]WARCUpload, error) {
	return s.queryUploads(ctx, fmt.Sprintf(uploadsOfCaptureSQL, "$1"), captureID)
}

func (s *pgStore) PendingWARCUploads(ctx context.Context, jobID int64) ([]WARCUpload, error) {
	return s.queryUploads(ctx, fmt.Sprintf(pendingUploadsSQL, "$1"), jobID)
}

func (s *pgStore) queryUploads(ctx context.Context, q string, id int64) ([]WARCUpload, error) {
	var out []WARCUpload
	err := s.retrying(ctx, "WARC uploads", func() error {
		out = nil
		rows, err := s.pool.Query(ctx, q, id)
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			var u WARCUpload
			if err := rows.Scan(&u.CaptureID, &u.File, &u.LocalPath, &u.State, &u.ObjectURL, &u.Size, &u.SHA256, &u.LastError, &u.Updated); err != nil {
				return err
			}
			u.Updated = u.Updated.UTC()
			out = append(out, u)
		}
		return rows.Err()
	})
	if err != nil {
		return nil, fmt.Errorf("store: WARC uploads: %w", err)
	}
	return out, nil
}
