// Moves an element to the end of <body> for as long as it is shown: out of a scrolling or
// clipping ancestor (WebKit clips a fixed box inside a scrolled one, such as the phone's action
// bar), so that a box over the whole screen really covers it.

/** A Svelte action: `<div use:portal>`. */
export function portal(node: HTMLElement): { destroy: () => void } {
  document.body.appendChild(node);
  return {
    destroy() {
      node.remove();
    },
  };
}
