#!/usr/bin/env python3
"""Per-kernel SASS instruction counts (NOPs left out) of the sm_90 cubins in
the fatbins of object files: `perf/sass_ops.py OBJ...` prints
"object<TAB>count<TAB>kernel" rows. What compares a change's kernels without
a GPU (perf/results/sass-2026-11-24/).

The CUDA 13 install here has no cuobjdump or nvdisasm, and the nvdisasm of
Debian's nvidia-cuda-toolkit 11.8 (non-free; `apt-get download
nvidia-cuda-toolkit && dpkg -x nvidia-cuda-toolkit_*.deb x`) does not read
CUDA 13 cubins: their ELF header is rewritten to the old ABI (version 7,
flags of sm_90) first. Set NVDISASM to its path (default: x/usr/bin/nvdisasm
beside this script)."""
import struct, subprocess, sys, os, re, tempfile, collections
NVDISASM = os.environ.get('NVDISASM', os.path.join(os.path.dirname(os.path.abspath(__file__)), 'x/usr/bin/nvdisasm'))

def cubins(path):
    with tempfile.NamedTemporaryFile(suffix='.fatbin') as f:
        subprocess.run(['objcopy', '-O', 'binary', '--only-section=.nv_fatbin', path, f.name], check=True)
        out = open(f.name, 'rb').read()
    i = 0
    while True:
        i = out.find(b'\x7fELF\x02\x01\x01\x41', i)
        if i < 0: return
        # ELF size = e_shoff + e_shnum * e_shentsize
        shoff = struct.unpack_from('<Q', out, i + 0x28)[0]
        shentsize, shnum = struct.unpack_from('<HH', out, i + 0x3a)
        size = shoff + shentsize * shnum
        for k in range(shnum):  # sections may lie after the header table
            off, sz = struct.unpack_from('<QQ', out, i + shoff + k * shentsize + 0x18)
            stype = struct.unpack_from('<I', out, i + shoff + k * shentsize + 4)[0]
            if stype != 8: size = max(size, off + sz)  # not NOBITS
        phoff = struct.unpack_from('<Q', out, i + 0x20)[0]
        phentsize, phnum = struct.unpack_from('<HH', out, i + 0x36)
        size = max(size, phoff + phentsize * phnum)
        yield bytearray(out[i:i + size])
        i += size

def disasm(elf):
    elf[8] = 7
    struct.pack_into('<I', elf, 0x30, 0x5a055a)
    with tempfile.NamedTemporaryFile(suffix='.cubin', delete=False) as f:
        f.write(elf)
        name = f.name
    text = subprocess.run([NVDISASM, '-c', name], capture_output=True, text=True).stdout
    os.unlink(name)
    return text

def kernels(path):
    res = collections.OrderedDict()
    for elf in cubins(path):
        cur = None
        for line in disasm(elf).splitlines():
            m = re.match(r'\s*\.section\s+\.text\.(\S+),', line)
            if m:
                cur = m.group(1); res[cur] = 0; continue
            if cur and re.match(r'\s+/\*[0-9a-f]{4,}\*/\s+[A-Z@]', line) and not re.search(r'\bNOP\b', line):
                res[cur] += 1
    return res

if __name__ == '__main__':
    for p in sys.argv[1:]:
        for k, n in kernels(p).items():
            print(f'{os.path.basename(p)}\t{n}\t{k}')

def normalized(path):
    """Kernel -> its SASS without addresses and encodings, to tell identical code apart."""
    res = {}
    for elf in cubins(path):
        cur = None
        for line in disasm(elf).splitlines():
            m = re.match(r'\s*\.section\s+\.text\.(\S+),', line)
            if m:
                cur = m.group(1); res[cur] = []; continue
            m = re.match(r'\s+/\*[0-9a-f]{4,}\*/\s+(.*?);', line)
            if cur and m and not m.group(1).startswith('.'):
                res[cur].append(re.sub(r'`\(_Z\w+\)', 'SELF', re.sub(r'\.L_x_\d+', 'L', m.group(1))).strip())
    return res
