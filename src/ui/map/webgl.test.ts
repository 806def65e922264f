import { describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from './webgl';

describe('isSoftwareRenderer', () => {
  it.each([
    'ANGLE (Google, Vulkan 1.3.0 (SwiftShader Device (Subzero) (0x0000C0DE)), SwiftShader driver)',
    'Google SwiftShader',
    'llvmpipe (LLVM 15.0.6, 256 bits)',
    'ANGLE (Microsoft, Microsoft Basic Render Driver Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'Software Rasterizer',
  ])('names %s a software renderer', (renderer) => {
    expect(isSoftwareRenderer(renderer)).toBe(true);
  });

  it.each([
    'ANGLE (NVIDIA, NVIDIA GeForce RTX 3060 Direct3D11 vs_5_0 ps_5_0, D3D11)',
    'ANGLE (Intel, Mesa Intel(R) UHD Graphics 620 (KBL GT2), OpenGL 4.6)',
    'Apple M1',
    'Apple GPU',
    'AMD Radeon Pro 5500M OpenGL Engine',
  ])('names %s a GPU', (renderer) => {
    expect(isSoftwareRenderer(renderer)).toBe(false);
  });
});
