package browserfetch

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/storage"
	"github.com/chromedp/chromedp"
)

// maxProfileFile bounds a profile file copied to read its cookies.
const maxProfileFile = 256 << 20

// profileFiles are the files of a profile that hold its cookies (Chromium
// moved them into Network/ in version 96), relative to the profile.
var profileFiles = []string{"Cookies", "Cookies-journal", filepath.Join("Network", "Cookies"), filepath.Join("Network", "Cookies-journal"), "Preferences"}

// ErrNoProfile is a directory that is no Chromium profile.
var ErrNoProfile = errors.New("not a Chromium profile directory (no Cookies database)")

// ProfileCookies returns the cookies kept in a Chromium profile: dir is
// a user data directory (holding Default/) or one profile directory in
// it. Chromium itself reads them, so their values are decrypted as the
// browser that wrote them would: the profile's files are copied into a
// fresh directory (the profile is not touched, and may be in use), and a
// headless Chromium started on the copy with no network answers
// Storage.getCookies. Values Chromium encrypted with a desktop keyring
// (cookies "v11" on Linux) cannot be read without that keyring and come
// back empty; a profile made with --password-store=basic (as headless
// Chromium's are) reads in full.
func ProfileCookies(ctx context.Context, execPath, dir string) ([]*network.Cookie, error) {
	if execPath == "" {
		execPath = DefaultExec
	}
	udd, name := dir, "Default"
	if !hasCookies(filepath.Join(dir, name)) {
		if !hasCookies(dir) {
			return nil, fmt.Errorf("browserfetch: %s: %w", dir, ErrNoProfile)
		}
		udd, name = filepath.Dir(dir), filepath.Base(dir)
	}
	tmp, err := os.MkdirTemp("", "sharc-profile-")
	if err != nil {
		return nil, fmt.Errorf("browserfetch: %w", err)
	}
	defer os.RemoveAll(tmp)
	if err := copyProfile(udd, name, tmp); err != nil {
		return nil, err
	}
	flags := append(append(HeadlessFlags(), proxyFlags()...), webrtcFlags()...)
	actx, cancelAlloc := chromedp.NewExecAllocator(ctx, append(flags,
		chromedp.ExecPath(execPath),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("password-store", "basic"),
		chromedp.Flag("profile-directory", name),
		chromedp.UserDataDir(tmp),
	)...)
	defer cancelAlloc()
	bctx, cancel := chromedp.NewContext(actx)
	defer cancel()
	if err := chromedp.Do(bctx); err != nil {
		return nil, fmt.Errorf("browserfetch: starting chromium: %w", err)
	}
	res, err := chromedp.CallBrowser(bctx, storage.GetCookies, storage.GetCookiesParams{})
	if err != nil {
		return nil, fmt.Errorf("browserfetch: reading the profile's cookies: %w", err)
	}
	return res.Cookies, nil
}

func hasCookies(profile string) bool {
	for _, f := range []string{"Cookies", filepath.Join("Network", "Cookies")} {
		if st, err := os.Stat(filepath.Join(profile, f)); err == nil && st.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// copyProfile copies the cookie files of profile name of user data
// directory udd, and its Local State, into tmp.
func copyProfile(udd, name, tmp string) error {
	files := []string{"Local State"}
	for _, f := range profileFiles {
		files = append(files, filepath.Join(name, f))
	}
	for _, f := range files {
		if err := copyFile(filepath.Join(udd, f), filepath.Join(tmp, f)); err != nil && !errors.Is(err, os.ErrNotExist) {
			return fmt.Errorf("browserfetch: copying the profile: %w", err)
		}
	}
	return nil
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	st, err := in.Stat()
	if err != nil {
		return err
	}
	if !st.Mode().IsRegular() || st.Size() > maxProfileFile {
		return fmt.Errorf("%s: not a regular file of at most %d bytes", from, maxProfileFile)
	}
	if err := os.MkdirAll(filepath.Dir(to), 0o700); err != nil {
		return err
	}
	out, err := os.OpenFile(to, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o600)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, io.LimitReader(in, maxProfileFile)); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}
