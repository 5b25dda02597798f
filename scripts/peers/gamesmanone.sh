#!/bin/sh
# The peer of the m,n,k benchmarks (BENCHMARKS.md, "m,n,k a tier at a
# time"): GamesCrafters' GamesmanOne, its tier solver of m,n,k-games
# (`mnktttier`, branch RL_mnkttier), fetched from GitHub and built under a
# directory of its own. It is no dependency of grundy. The build needs git,
# autoconf, automake, cmake, a C compiler with OpenMP and zlib's headers
# (Debian: apt-get install git autoconf automake cmake zlib1g-dev).
#
#   scripts/peers/gamesmanone.sh [DIR]        # default /tmp/gamesmanone
#   mkdir -p WORK && cd WORK && DIR/bin/gamesman -d data solve mnktttier 41
#
# The data path (-d) must be relative: an absolute one fails ("SetupDbPath:
# failed to create path in the file system") and the program then crashes.
# The variant is one number, (M - 2) * 16 + (N - 2) * 4 + (K - 2), each of
# M (rows), N (columns), K between 2 and 5: 21 is mnk(3,3,3), 41
# mnk(4,4,3), 42 mnk(4,4,4), 46 mnk(4,5,4). `solve` solves every tier and
# writes them under data/mnktttier/VARIANT; -f solves again.
set -eu
dir=${1:-/tmp/gamesmanone}
commit=113828fc7905130f7b32b6281dcfabdd19984613
if [ ! -d "$dir/.git" ]; then
    git clone https://github.com/GamesCrafters/GamesmanOne "$dir"
fi
cd "$dir"
git checkout -q "$commit"
# Its one submodule: json-c, built static into res/ as its installer does.
git submodule update --init
mkdir -p lib/json-c/build
(cd lib/json-c/build &&
    cmake -DBUILD_SHARED_LIBS=OFF -DCMAKE_INSTALL_PREFIX=../../../res ../ &&
    make -j2 && make install)
autoreconf --install
./configure 'CFLAGS=-Wall -Wextra -g -O3 -DNDEBUG'
make -j2
echo "built $dir/bin/gamesman at $commit"
