package wacz

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"os"
)

// Key types for GenerateKey. ECDSA P-384 is the default because WebCrypto
// based tools (ArchiveWeb.page) sign with it.
const (
	KeyECDSAP256 = "ecdsa-p256"
	KeyECDSAP384 = "ecdsa-p384"
	KeyEd25519   = "ed25519"
)

// GenerateKey returns a new private key as a PEM "PRIVATE KEY" (PKCS#8)
// block.
func GenerateKey(kind string) ([]byte, error) {
	var key any
	var err error
	switch kind {
	case "", KeyECDSAP384:
		key, err = ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	case KeyECDSAP256:
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	case KeyEd25519:
		_, key, err = ed25519.GenerateKey(rand.Reader)
	default:
		return nil, fmt.Errorf("wacz: unknown key type %q (want %s, %s or %s)", kind, KeyECDSAP384, KeyECDSAP256, KeyEd25519)
	}
	if err != nil {
		return nil, fmt.Errorf("wacz: generate key: %w", err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		return nil, fmt.Errorf("wacz: encode key: %w", err)
	}
	return pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der}), nil
}

// ParseSigner reads a PEM PKCS#8 private key (Ed25519 or ECDSA).
func ParseSigner(pemBytes []byte) (crypto.Signer, error) {
	block, _ := pem.Decode(pemBytes)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, errors.New("wacz: key file is not a PEM \"PRIVATE KEY\" (PKCS#8) block")
	}
	key, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, fmt.Errorf("wacz: key: %w", err)
	}
	switch k := key.(type) {
	case ed25519.PrivateKey:
		return k, nil
	case *ecdsa.PrivateKey:
		return k, nil
	default:
		return nil, fmt.Errorf("wacz: unsupported key type %T (want Ed25519 or ECDSA)", key)
	}
}

// LoadSigner reads a PEM PKCS#8 private key file.
func LoadSigner(path string) (crypto.Signer, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("wacz: %w", err)
	}
	return ParseSigner(b)
}
