package warc

import (
	"bytes"
	"fmt"
	"io"

	"github.com/klauspost/compress/gzip"
	gowarc "github.com/nlnwa/gowarc"
	"github.com/sharc-archive/sharc/internal/spool"
)

// Compression: each record one gzip member, streamed through a spool,
// with pooled gzip writers and buffers.

// marshalStream writes rec's header and blk as gowarc's marshaler lays a
// record out (version line, header fields, CRLF, block, CRLF CRLF), into
// one gzip member held in a spool.
func (w *Writer) marshalStream(rec gowarc.WarcRecord, blk block) (*spool.Spool, error) {
	out := w.spools.New()
	out.Grow(int(min(blk.size/4, spool.Threshold)) + 1024) // HTML deflates to 15–20%
	zc := w.gz.get()
	defer w.gz.put(zc)
	z := zc.z
	z.Reset(out)
	err := func() error {
		// The header is laid out in a buffer and compressed in one Write:
		// written field by field, each of its dozen lines paid the gzip
		// writer's per-call work.
		hdr := &zc.hdr
		hdr.Reset()
		fmt.Fprintf(hdr, "%v\r\n", rec.Version())
		if _, err := rec.WarcHeader().Write(hdr); err != nil {
			return err
		}
		hdr.WriteString("\r\n")
		if _, err := z.Write(hdr.Bytes()); err != nil {
			return err
		}
		if err := copyBlock(z, blk, zc.buf); err != nil {
			return err
		}
		if _, err := io.WriteString(z, "\r\n\r\n"); err != nil {
			return err
		}
		return z.Close()
	}()
	if err != nil {
		_ = out.Close()
		return nil, err
	}
	return out, nil
}

// copyBlock writes blk to w: in one call when its bytes are at hand (a
// byte slice, or a spool it is the whole of), sparing a copy of the body
// through buf; else through buf.
func copyBlock(w io.Writer, blk block, buf []byte) error {
	if blk.bytes != nil {
		_, err := w.Write(blk.bytes)
		return err
	}
	if sp, ok := blk.r.(*spool.Spool); ok && sp.Size() == blk.size {
		_, err := sp.WriteTo(w)
		return err
	}
	_, err := io.CopyBuffer(w, io.NewSectionReader(blk.r, 0, blk.size), buf)
	return err
}

// maxFreeCompressors bounds the idle gzip writers a Writer keeps (one per
// concurrent record build is enough on small machines).
const maxFreeCompressors = 16

// maxFreeRecordBuffers bounds the idle record buffers a Writer keeps
// (at most this many times spool.Threshold bytes). Three times as many
// (one per record of 16 workers' exchanges) saved nothing more on the
// docs crawl.
const maxFreeRecordBuffers = maxFreeCompressors

// copyBufferSize is the size of the buffers blocks are copied through.
const copyBufferSize = 32 << 10

// maxKeptHeader bounds the header buffer a free compressor keeps.
const maxKeptHeader = 64 << 10

// compressor is a gzip writer with its copy buffer. A klauspost writer
// holds a few hundred KB of tables: made anew for every record (as a
// sync.Pool emptied by each GC did), they were a tenth of the crawler's
// allocations.
type compressor struct {
	z   *gzip.Writer
	buf []byte
	hdr bytes.Buffer // a record's WARC header, laid out before compression
}

// compressors is a bounded free list of compressors, and of copy
// buffers for hashing blocks (one 32 KB buffer per response was a tenth
// of the bytes the writer allocated).
type compressors struct {
	level int
	free  chan *compressor
	bufs  chan []byte
}

// copyBuffer takes an idle copy buffer, or makes one.
func (c *compressors) copyBuffer() []byte {
	select {
	case b := <-c.bufs:
		return b
	default:
		return make([]byte, copyBufferSize)
	}
}

// putCopyBuffer keeps b for the next record if there is room.
func (c *compressors) putCopyBuffer(b []byte) {
	select {
	case c.bufs <- b:
	default:
	}
}

func (c *compressors) get() *compressor {
	select {
	case z := <-c.free:
		return z
	default:
		z, _ := gzip.NewWriterLevel(nil, c.level) // level checked by NewWriter
		return &compressor{z: z, buf: make([]byte, copyBufferSize)}
	}
}

func (c *compressors) put(z *compressor) {
	z.z.Reset(io.Discard) // drop the reference to the output
	if z.hdr.Cap() > maxKeptHeader {
		z.hdr = bytes.Buffer{} // a huge header is not kept for every record
	}
	select {
	case c.free <- z:
	default:
	}
}
