package browsertest

// FramesJS is a JavaScript expression for the documents of the page's
// same-origin frames, found through shadow roots as well (ReplayWeb.page
// puts its frames inside them), parents before the frames they hold: the
// replay tests look in it for the frame a page is replayed in.
const FramesJS = `(() => {
  const docs = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll("*")) {
      if (el.shadowRoot) walk(el.shadowRoot);
      if (el.tagName === "IFRAME") {
        let d = null;
        try { d = el.contentDocument; } catch (e) {}
        if (d) { docs.push(d); walk(d); }
      }
    }
  };
  walk(document);
  return docs;
})()`
