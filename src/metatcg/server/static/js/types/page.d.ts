// What the client's pages promise the type checker (hand-written, not generated).

// Every event these pages listen to comes from an element of the page (or the document, whose
// handlers check for `closest` first), so a handler may ask its target for the element around it.
interface EventTarget {
  closest?(selectors: string): any;
}

interface Window {
  /** The live board and its connection, for tests and the tutorial's coach (board.js). */
  __metatcg?: { [key: string]: any };
}
