/**
 * The spec's texts of one section, word for word (see shell.ts). A section only lazy screens use lives in
 * its own module so it stays off the first-load budget (ADR 015); nothing on the first-load path imports it.
 */
export const adminAiTexts = {
  predictionTitle: "AI Show Prediction",
  predictionIntro:
    "Pick a show that has run before. Ringside predicts its next edition from the earlier ones; check it, then save.",
  findShow: "Find a show",
  findShowHint: "Type at least 3 letters of the show's name.",
  show: "Show",
  selectShow: "Select a show",
  noShowsFound: "No show matches that name.",
  predict: "Predict Next Edition",
  predicting: "Predicting…",
  predictedFrom: (n: number) => `Predicted from ${n} earlier ${n === 1 ? "edition" : "editions"}.`,
  previewTitle: "Predicted show",
  saved: (name: string) => `Saved ${name}.`,
  viewShow: "View show",
  importTitle: "Import Class List from Image",
  importIntro:
    "A photo, scan or PDF of a prize list. Check the classes it finds, then create a show or add them to one.",
  file: "Image or PDF",
  /** The chosen photo beside the preview read from it, from 1024 px (issue 36). */
  sourceImage: "The class list as photographed",
  readList: "Read Class List",
  reading: "Reading…",
  progress: (page: number, pages: number, percent: number) =>
    pages > 1 ? `Page ${page} of ${pages}: ${percent}%` : `${percent}%`,
  progressLabel: "Reading the class list",
  showName: "Show name",
  classesFound: (n: number) => `${n} ${n === 1 ? "class" : "classes"}`,
  classNumber: (i: number) => `Number of class ${i}`,
  className: (i: number) => `Name of class ${i}`,
  removeClass: (label: string) => `Remove class ${label}`,
  addClass: "Add a class",
  unplaced: "Lines not placed",
  unplacedHint: "Copy any class that belongs here into the list above.",
  createShow: "Create New Show",
  addToShow: "Add to Existing Show",
  addClasses: "Add Classes",
  newShowNote: "It is at TBD, judge TBA, until you edit it in Show Management.",
  created: (name: string, n: number) => `Created ${name} with ${n} ${n === 1 ? "class" : "classes"}.`,
  added: (n: number, skipped: number, show: string) =>
    `Added ${n} ${n === 1 ? "class" : "classes"} to ${show}${skipped ? ` (${skipped} already there by number)` : ""}.`,
  untitled: "Imported Class List",
} as const;
