# Sourced by the benchmarks built around the 4x6 network (its native references, the before/after
# comparisons): four_by_six_model DEST writes the last shipped 4x6 model (2 stages, 1,062,592 games) to
# DEST from the repository's history, where it stays since a 5x6 model replaced it as the default.
four_by_six_commit=a4163e4
four_by_six_model() {
  git -C "$here" show "$four_by_six_commit:models/ntuple-4x6.g2nz" >"$1" || {
    echo "$0: cannot read models/ntuple-4x6.g2nz at commit $four_by_six_commit (a clone without that history?): give MODEL" >&2
    exit 1; }
}
