export interface ImageTable {
  id: string;
  owner_id: string | null;
  content_type: string;
  bytes: Buffer;
  width: number;
  height: number;
  created_at: string;
}

export interface HorseTable {
  id: string;
  name: string;
  /** Migration 023: normaliseHorseName(name), written with every name (`horseNameColumns`). */
  name_key: string;
  gender: string | null;
  date_of_birth: string;
  canters: number;
  picture_id: string | null;
  created_at: string;
}

export interface HorseOwnerTable {
  horse_id: string;
  user_id: string;
}

export type HorseTrainerTable = HorseOwnerTable;

export interface HorseDivisionTable {
  horse_id: string;
  division_id: string;
}

/** Horses, their owners, trainers and divisions, and stored pictures. */
export interface HorsesTables {
  image: ImageTable;
  horse: HorseTable;
  horse_owner: HorseOwnerTable;
  horse_trainer: HorseTrainerTable;
  horse_division: HorseDivisionTable;
}
