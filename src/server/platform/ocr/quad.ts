/** A point of a photo, in pixels. */
export interface Point {
  x: number;
  y: number;
}

/** A sheet's corners in a photo, clockwise from the top left. */
export type Quad = [Point, Point, Point, Point];
