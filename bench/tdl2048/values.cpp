// Values of boards under a TDL2048+ network, computed by TDL2048's own code: the engine's source
// is compiled into this program (its main renamed), which builds the network with TDL2048's -n
// and -@ parser and evaluates with its feature tables. Used to check g2048's importer.
//
//   values fill NET STAGES OUT.w SEED [MAX]    a network of random weights, written by TDL2048
//                                              (with MAX, entries reading a code above MAX stay 0:
//                                              a small fixture that still compresses well)
//   values eval NET STAGES IN.w COUNT SEED      COUNT random boards: "BOARD VALUE ABS" per line
//
// STAGES is TDL2048's -@ argument, or "-" for one stage. A board's value is the sum, in TDL2048's
// feature order, of the features of its stage (the last stage whose threshold its tile set
// reaches, TDL2048's rule when a game starts); ABS is the sum of their absolute values.
#define main tdl2048_main
#include "2048.cpp"
#undef main

#include <random>

using namespace moporgic;

static utils::options tdl_options(const std::string& net, const std::string& stages, const char* io, const std::string& file) {
	std::vector<std::string> args = {"values", "-n"};
	std::stringstream tokens(net);
	for (std::string t; tokens >> t;) args.push_back(t);
	if (stages != "-") args.push_back("-@"), args.push_back(stages);
	args.push_back(io), args.push_back(file);
	std::vector<const char*> argv;
	for (std::string& a : args) argv.push_back(a.c_str());
	return parse(argv.size(), argv.data());
}

int main(int argc, const char* argv[]) {
	if (argc < 6) {
		std::cerr << "usage: values fill NET STAGES OUT.w SEED | values eval NET STAGES IN.w COUNT SEED" << std::endl;
		return 2;
	}
	std::string mode = argv[1], net = argv[2], stages = argv[3], file = argv[4];
	if (mode == "fill") {
		utils::options opts = tdl_options(net, stages, "-o", file);
		utils::make_network(opts["make"]);
		std::mt19937_64 rng(std::stoull(argv[5]));
		std::uniform_real_distribution<float> dist(-1000.0f, 1000.0f);
		u32 max = argc > 6 ? std::stoul(argv[6]) : 15;
		for (weight w : weight::wghts())
			for (size_t i = 0; i < w.size(); i++) {
				bool small = true;
				for (size_t x = i; x; x >>= 4) small &= (x & 15) <= max;
				if (small) w[i] = dist(rng);
			}
		utils::save_network(opts["save"]);
		return 0;
	}
	if (mode == "eval" && argc >= 7) {
		utils::options opts = tdl_options(net, stages, "-i", file);
		utils::load_network(opts["load"]);
		utils::make_network(opts["make"]);
		list<utils::stage> stage = utils::stage::parse(opts["stage"].value("0"));
		u64 count = std::stoull(argv[5]);
		std::mt19937_64 rng(std::stoull(argv[6]));
		for (u64 n = 0; n < count; n++) {
			// the largest code drawn first, so that every stage gets boards
			u32 top = 1 + rng() % 15;
			u64 raw = 0;
			for (u32 i = 0; i < 16; i++) raw |= u64(rng() % (top + 1)) << (4 * i);
			board b(raw);
			u32 k = 0;
			while (b.scale() >= stage[k + 1]) k++;
			numeric value = 0;
			double abs = 0;
			for (feature& f : clip<feature>(stage[k])) {
				value += f[b];
				abs += std::abs(double(f[b]));
			}
			std::printf("%016llx %.9g %.9g\n", (unsigned long long) raw, double(value), abs);
		}
		return 0;
	}
	std::cerr << "values: unknown mode " << mode << std::endl;
	return 2;
}
