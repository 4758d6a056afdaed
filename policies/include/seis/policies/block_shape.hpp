#pragma once
// Block shapes of a strategy: "32x16" (2.5D), "32x16@128" (2.5D, 128 planes
// per team), "32x4x4" (3D), "32x16/1x2" (2.5D in thread-block clusters of
// 1 x 2 blocks).

#include "seis/errors.hpp"

#include <string>

namespace seis {

struct BlockShape {
  int dx = 0;
  int dy = 0;
  int dz = 1;      // 3D strategies: tile depth
  int zchunk = 0;  // 2.5D strategies: planes streamed per team (0: whole box)
  int cluster_x = 1, cluster_y = 1;  // blocks per thread-block cluster

  int columns() const { return dx * dy; }
  int points() const { return dx * dy * dz; }

  std::string to_string(bool three_d) const {
    std::string s = std::to_string(dx) + "x" + std::to_string(dy);
    if (three_d) s += "x" + std::to_string(dz);
    if (!three_d && zchunk > 0) s += "@" + std::to_string(zchunk);
    if (cluster_x * cluster_y > 1) s += "/" + std::to_string(cluster_x) + "x" + std::to_string(cluster_y);
    return s;
  }

  static BlockShape parse(const std::string& text, bool three_d) {
    const std::string expected =
        three_d ? "DXxDYxDZ, e.g. 32x4x4" : "DXxDY[@ZCHUNK][/CXxCY], e.g. 32x16, 32x16@256 or 32x16/1x2";
    auto fail = [&]() -> BlockShape {
      throw InputError("block shape '" + text + "' is not of the form " + expected);
    };
    BlockShape shape;
    std::string text_dims = text, cluster;
    if (const auto slash = text.find('/'); slash != std::string::npos) {
      if (three_d) return fail();
      text_dims = text.substr(0, slash);
      cluster = text.substr(slash + 1);
      const auto x = cluster.find('x');
      const std::string cx = cluster.substr(0, x), cy = x == std::string::npos ? "" : cluster.substr(x + 1);
      if (cx.empty() || cy.empty() || cx.size() > 2 || cy.size() > 2 ||
          cx.find_first_not_of("0123456789") != std::string::npos ||
          cy.find_first_not_of("0123456789") != std::string::npos)
        return fail();
      shape.cluster_x = std::stoi(cx);
      shape.cluster_y = std::stoi(cy);
      if (shape.cluster_x <= 0 || shape.cluster_y <= 0) return fail();
    }
    std::string dims = text_dims, chunk;
    const auto at = text_dims.find('@');
    if (at != std::string::npos) {
      if (three_d) return fail();
      dims = text_dims.substr(0, at);
      chunk = text_dims.substr(at + 1);
    }
    int values[3] = {0, 0, 1};
    int count = 0;
    std::size_t pos = 0;
    while (pos <= dims.size()) {
      const auto next = dims.find('x', pos);
      const std::string part = dims.substr(pos, next == std::string::npos ? std::string::npos : next - pos);
      if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos || part.size() > 5 || count == 3)
        return fail();
      values[count++] = std::stoi(part);
      if (next == std::string::npos) break;
      pos = next + 1;
    }
    if (count != (three_d ? 3 : 2)) return fail();
    shape.dx = values[0];
    shape.dy = values[1];
    shape.dz = three_d ? values[2] : 1;
    if (!chunk.empty()) {
      if (chunk.find_first_not_of("0123456789") != std::string::npos || chunk.size() > 6) return fail();
      shape.zchunk = std::stoi(chunk);
      if (shape.zchunk <= 0) return fail();
    }
    if (shape.dx <= 0 || shape.dy <= 0 || shape.dz <= 0)
      throw InputError("block shape '" + text + "' has a zero dimension");
    return shape;
  }
};

}  // namespace seis
