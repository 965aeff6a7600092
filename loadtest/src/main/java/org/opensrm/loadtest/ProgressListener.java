package org.opensrm.loadtest;

/** Told what a run is doing, as it does it. */
public interface ProgressListener {
    /** Silently discards everything. */
    ProgressListener NONE = new ProgressListener() {
        @Override
        public void progress(LevelProgress progress) {
        }

        @Override
        public void levelFinished(LevelResult result) {
        }
    };

    /** About once a second while a level runs. */
    void progress(LevelProgress progress);

    /** When a level's measurement is complete. */
    void levelFinished(LevelResult result);
}
