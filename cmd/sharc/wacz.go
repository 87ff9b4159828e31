package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"go.uber.org/zap"

	"github.com/sharc-archive/sharc/cdxj"
	"github.com/sharc-archive/sharc/report"
	"github.com/sharc-archive/sharc/store"
	"github.com/sharc-archive/sharc/wacz"
	"github.com/sharc-archive/sharc/warc"
)

// runVerify checks a WACZ package (every hash, the CDXJ index against the
// WARCs, the signature) or a single .warc.gz file, listing each failure.
func runVerify(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("verify", "usage: sharc verify [--pubkey KEY] FILE.wacz|FILE.warc.gz ...")
	pubkey := fs.String("pubkey", "", "require the WACZ to be signed with this public key (base64 DER, as printed by keygen)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errUsage
	}
	failed := 0
	for _, path := range fs.Args() {
		if err := ctx.Err(); err != nil {
			return err
		}
		var probs []string
		var summary string
		if strings.HasSuffix(path, ".warc.gz") || strings.HasSuffix(path, ".warc.gz.open") {
			n, ps, err := warc.VerifyFile(path)
			if err != nil {
				return err
			}
			for _, p := range ps {
				probs = append(probs, p.String())
			}
			summary = fmt.Sprintf("%d records", n)
		} else {
			f, err := os.Open(path)
			if err != nil {
				return err
			}
			st, err := f.Stat()
			if err != nil {
				f.Close()
				return err
			}
			rep, err := wacz.Verify(f, st.Size())
			f.Close()
			if err != nil {
				probs = append(probs, err.Error())
			}
			for _, p := range rep.Problems {
				probs = append(probs, p.String())
			}
			if *pubkey != "" && rep.PublicKey != strings.TrimSpace(*pubkey) {
				probs = append(probs, fmt.Sprintf("signed by a different key (expected %s, got %q)", *pubkey, rep.PublicKey))
			}
			sig := "unsigned"
			if rep.Signed {
				sig = "signed by " + rep.PublicKey
			}
			summary = fmt.Sprintf("%d files, %d WARC records, %d index lines, %s", rep.Files, rep.Records, rep.Indexed, sig)
		}
		if len(probs) == 0 {
			fmt.Fprintf(c.stdout, "OK %s: %s\n", path, summary)
			continue
		}
		failed++
		fmt.Fprintf(c.stdout, "FAIL %s: %s, %d problems\n", path, summary, len(probs))
		for _, p := range probs {
			fmt.Fprintf(c.stdout, "  %s\n", p)
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d files failed verification", failed, fs.NArg())
	}
	return nil
}

// runKeygen writes a new PEM PKCS#8 signing key for WACZ export.
func runKeygen(_ context.Context, c *cli, args []string) error {
	fs := c.flags("keygen", "usage: sharc keygen -o key.pem [-type TYPE]")
	out := fs.String("o", "", "output key file (created with mode 0600; never overwritten)")
	kind := fs.String("type", wacz.KeyECDSAP384, "key type: "+wacz.KeyECDSAP384+", "+wacz.KeyECDSAP256+" or "+wacz.KeyEd25519)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	pemBytes, err := wacz.GenerateKey(*kind)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(*out, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return err
	}
	if _, err := f.Write(pemBytes); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	s, err := wacz.ParseSigner(pemBytes)
	if err != nil {
		return err
	}
	sd, err := wacz.Sign("sha256:", s, time.Now(), "keygen")
	if err != nil {
		return err
	}
	fmt.Fprintf(c.stdout, "wrote %s (%s)\npublic key: %s\n", *out, *kind, sd.PublicKey)
	return nil
}

// runExportWACZ packages one capture: sharc export wacz CAPTURE -o FILE.wacz
// --store DSN --warc-dir DIR [--sign-key KEY]. The index is built from the
// store's records, pages are the capture's HTML responses with status 200
// (first capture of each URL), and the capture's quality report goes to
// reports/quality.json.
func runExportWACZ(ctx context.Context, c *cli, args []string) error {
	fs := c.flags("export wacz", "usage: sharc export wacz CAPTURE -o FILE.wacz --store DSN --warc-dir DIR [--sign-key KEY]")
	dsn := fs.String("store", "", "store DSN: sqlite:PATH or postgres://user@host/db")
	captureID := fs.Int64("capture", 0, "capture ID (or give it as the first argument)")
	out := fs.String("o", "", "output .wacz file")
	warcDir := fs.String("warc-dir", "", "directory holding the capture's WARC files (the job's warc.dir)")
	signKey := fs.String("sign-key", "", "PEM PKCS#8 private key to sign with (see sharc keygen)")
	title := fs.String("title", "", "package title (default: capture N)")
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		id, err := strconv.ParseInt(args[0], 10, 64)
		if err != nil {
			fs.Usage()
			return errUsage
		}
		*captureID = id
		args = args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *dsn == "" || *captureID <= 0 || *out == "" || *warcDir == "" || fs.NArg() > 0 {
		fs.Usage()
		return errUsage
	}
	st, err := store.Open(ctx, *dsn, c.log)
	if err != nil {
		return err
	}
	defer st.Close()
	in, err := waczInput(ctx, st, *captureID, *warcDir)
	if err != nil {
		return err
	}
	if *title != "" {
		in.Title = *title
	}
	in.Created = time.Now()
	_, err = writeOutput(*out, c.stdout, func(w io.Writer) (int, error) {
		if *signKey == "" {
			return 0, wacz.Write(ctx, w, in, nil)
		}
		s, err := wacz.LoadSigner(*signKey)
		if err != nil {
			return 0, err
		}
		return 0, wacz.Write(ctx, w, in, s)
	})
	if err != nil {
		return err
	}
	c.log.Info("exported WACZ", zap.Int64("capture", *captureID), zap.Int("warcs", len(in.WARCs)),
		zap.Int("pages", len(in.Pages)), zap.Bool("signed", *signKey != ""), zap.String("out", *out))
	return nil
}

// waczInput gathers a capture's WARCs, index, pages and report.
func waczInput(ctx context.Context, st store.Store, captureID int64, warcDir string) (wacz.Input, error) {
	capt, err := st.Capture(ctx, captureID)
	if err != nil {
		return wacz.Input{}, err
	}
	recs, err := st.Records(ctx, captureID)
	if err != nil {
		return wacz.Input{}, err
	}
	var idx bytes.Buffer
	if _, err := cdxj.WriteRecords(&idx, recs); err != nil {
		return wacz.Input{}, err
	}
	rep, err := report.StoredJSON(ctx, st, capt)
	if err != nil {
		return wacz.Input{}, err
	}
	in := wacz.Input{
		CDXJ:        idx.Bytes(),
		Report:      rep,
		Title:       fmt.Sprintf("capture %d", captureID),
		Description: fmt.Sprintf("SHARC capture %d (%s, %s), status %s", captureID, capt.Strategy, capt.Mode, capt.Status),
		Software:    "SHARC " + version,
	}
	files := map[string]bool{}
	seen := map[string]bool{}
	for _, r := range recs {
		if r.WARCFile != "" && !files[r.WARCFile] {
			files[r.WARCFile] = true
			p := filepath.Join(warcDir, r.WARCFile)
			if _, err := os.Stat(p); err != nil {
				if errors.Is(err, os.ErrNotExist) {
					return wacz.Input{}, fmt.Errorf("WARC file %s of capture %d not found in %s (is the crawl still running? repair .open files first)", r.WARCFile, captureID, warcDir)
				}
				return wacz.Input{}, err
			}
			in.WARCs = append(in.WARCs, p)
		}
		if r.RecordType == "response" && r.Status == 200 && strings.HasPrefix(r.MIME, "text/html") && !seen[r.URL] {
			seen[r.URL] = true
			in.Pages = append(in.Pages, wacz.Page{URL: r.URL, TS: r.Time})
		}
	}
	return in, nil
}
