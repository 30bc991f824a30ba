#!/usr/bin/env python3
# Writes the gpmf-*.mov fixtures of cases.txt (issue 41: a fuzz round on the motion-track readers): GPMF payloads built
# by gopro/gpmf-parser README's KLV rules, padded with zero words to one size, muxed by ffmpeg as a MOV's gpmd track
# beside a test pattern, one payload a second. Run from anywhere: python3 gpmf-fixtures.py
import struct, subprocess, sys, os
def pad(b):
    while len(b) % 4: b += b'\0'
    return b
def klv(key, t, size, count, value):
    assert len(value) == size*count, (key, len(value), size, count)
    return pad(key.encode() + bytes([ord(t), size]) + struct.pack('>H', count) + value)
def nest(key, children):
    body = b''.join(children)
    if len(body)//4 <= 0xFFFF:
        return key.encode() + bytes([0, 4]) + struct.pack('>H', len(body)//4) + body
    while len(body) % 1020: body += b'\0\0\0\0'
    return key.encode() + bytes([0, 255]) + struct.pack('>H', len(body)//255) + body
def f32(vals): return b''.join(struct.pack('>f', v) for v in vals)
def s16(vals): return b''.join(struct.pack('>h', v) for v in vals)
def text(s): return s.encode('latin-1')
def device(streams, dvid=None):
    dvid = dvid or klv('DVID', 'L', 4, 1, struct.pack('>L', 1))
    return nest('DEVC', [dvid, klv('DVNM', 'c', 1, 6, b'Camera')] + [nest('STRM', s) for s in streams])
def stmp(us): return klv('STMP', 'J', 8, 1, struct.pack('>Q', us))
def mux(payloads, out, seconds=1.0, tag='gpmd', video=True):
    size = max(len(p) for p in payloads)
    size = (size + 3)//4*4
    data = b''.join(p + b'\0'*(size-len(p)) for p in payloads)
    raw = out + '.bin'
    open(raw, 'wb').write(data)
    dur = seconds*len(payloads)
    args = ['ffmpeg', '-v', 'error', '-y', '-f', 'data', '-raw_packet_size', str(size), '-i', raw]
    if video:
        args += ['-f', 'lavfi', '-i', f'testsrc=duration={dur}:size=32x24:rate=2', '-map', '1:v', '-map', '0', '-pix_fmt', 'yuv420p']
    else:
        args += ['-map', '0']
    args += ['-c:d', 'copy', '-tag:d', tag, '-bsf:d', f'setts=ts=N*{seconds}/TB:duration={seconds}/TB', '-f', 'mp4' if out.endswith('.mp4') else 'mov', out]
    subprocess.run(args, check=True)
    os.remove(raw)
import math, struct
F = os.path.dirname(os.path.abspath(__file__)) + '/'
def gyro_f(samples): return klv('GYRO', 'f', 12, len(samples), f32([x for s in samples for x in s]))
def turning(k, n=20): return [(0.01, 0.2*math.sin(0.3*(k*n+i)/n), 0.3) for i in range(n)]
def accl(): return [klv('SIUN', 'c', 4, 1, text('m/s\xb2')), klv('ACCL', 'f', 12, 2, f32([0, 0, 9.8, 0, 0, 9.8]))]
# 5: a float GYRO with 10 NaN samples in payload 2 of 4.
def nan_payload(k):
    g = turning(k)
    if k == 1:
        for i in range(5, 15): g[i] = (float('nan'), 0, 0)
    return device([[gyro_f(g)], accl()])
mux([nan_payload(k) for k in range(4)], F + 'gpmf-nan-gyro.mov')
# 8: an all-zero MTRX before GYRO.
mux([device([[klv('ORIO', 'c', 3, 1, b'XYZ'), klv('MTRX', 'f', 36, 1, f32([0]*9)), gyro_f(turning(k))], accl()]) for k in range(2)],
    F + 'gpmf-zero-mtrx.mov')
# 6: thirteen payloads whose STMP follow the payloads' times but for payload 7's, 5 s off.
def stamped(k):
    us = int(k * 1e6) + (5_000_000 if k == 6 else 0)
    return device([[stmp(us), gyro_f(turning(k))], accl()])
mux([stamped(k) for k in range(13)], F + 'gpmf-wild-stmp.mov')
# 7': a magnetometer of 4 elements and a CORI of zeros beside a good gyroscope.
def odd(k):
    return device([[gyro_f(turning(k))], accl(), [klv('MAGN', 's', 8, 2, s16([1, 2, 3, 4, 5, 6, 7, 8]))],
                   [klv('SCAL', 's', 2, 1, s16([32767])), klv('CORI', 's', 8, 2, s16([0]*8))]])
mux([odd(k) for k in range(2)], F + 'gpmf-odd-streams.mov')
# 9: a GYRO of text; a GYRO of 0 samples; a TYPE of 60 KB of "[4096]".
mux([device([[klv('GYRO', 'c', 3, 4, b'abcdefghijkl')]]) for k in range(2)], F + 'gpmf-text-gyro.mov')
mux([device([[klv('GYRO', 's', 6, 0, b'')]]) for k in range(2)], F + 'gpmf-empty-gyro.mov')
longtype = b's' + b'[4096]' * 5000
longtype += b'\0' * (-len(longtype) % 255)
mux([device([[klv('TYPE', 'c', 255, len(longtype)//255, longtype), klv('GYRO', '?', 6, 2, s16([1, 2, 3, 4, 5, 6]))]]) for k in range(1)],
    F + 'gpmf-long-type.mov')
