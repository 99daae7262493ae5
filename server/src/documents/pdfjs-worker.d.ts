// pdf.js's worker module (shipped without types): in Node it runs on the calling thread.
declare module 'pdfjs-dist/legacy/build/pdf.worker.mjs' {
  export const WorkerMessageHandler: unknown;
}
