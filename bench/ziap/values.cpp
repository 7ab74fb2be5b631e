// 2048-tdl's own value of boards, for g2048's import test: compile against its source
//   g++ -O2 -std=c++17 -mbmi2 -DSTRUCTURE=nw5x4 -I SRC/src values.cpp -o values
//   ./values WEIGHTS.bin < boards.txt > values.txt     (a board per line, 16 hex digits as 2048-tdl holds it)
#include <cstdio>
#include <cinttypes>
#include "network/tuplenet.h"

int main(int argc, char** argv) {
  if (argc != 2) { std::fprintf(stderr, "usage: values WEIGHTS.bin < boards\n"); return 2; }
  STRUCTURE::load(argv[1]);
  uint64_t b;
  while (std::scanf("%" SCNx64, &b) == 1) std::printf("%016" PRIx64 " %.9g\n", b, STRUCTURE::estimate(b));
  return 0;
}
