import { describe, expect, it } from 'vitest';
import { computedProblem, computeForm, type FormField, gradeOf, parseGrade } from '../src/index';

/** The supplier evaluation's computation: a weighted score, and a grade letter from it. */
const fields: FormField[] = [
  { name: 'quality', type: 'number', label: '质量' },
  { name: 'delivery', type: 'number', label: '交付' },
  { name: 'score', type: 'number', label: '总分', precision: 2, computed: 'quality * 0.6 + delivery * 0.4' },
  {
    name: 'grade',
    type: 'select',
    label: '等级',
    computed: 'grade(score, 90, 80, 70)',
    options: ['A', 'B', 'C', 'D'].map((v) => ({ label: v, value: v })),
  },
];

describe('grade(…)', () => {
  it('gives the letter of the weighted score by descending thresholds', () => {
    expect(computeForm(fields, { quality: 95, delivery: 90 })).toMatchObject({ score: 93, grade: 'A' });
    expect(computeForm(fields, { quality: 80, delivery: 80 })).toMatchObject({ score: 80, grade: 'B' });
    expect(computeForm(fields, { quality: 75, delivery: 60 })).toMatchObject({ score: 69, grade: 'D' });
    // Whatever the client sent for the grade, the stored value is the computation's.
    expect(computeForm(fields, { quality: 72, delivery: 70, grade: 'A' }).grade).toBe('C');
    expect(gradeOf(100, [60])).toBe('A');
    expect(gradeOf(59.99, [60])).toBe('B');
  });

  it('is a computation only over a number field with descending thresholds, on a choice or text field', () => {
    expect(parseGrade('grade(score, 90, 80, 70)')).toEqual({ field: 'score', thresholds: [90, 80, 70] });
    expect(parseGrade('grade(score, 70, 80)')).toBeNull();
    expect(parseGrade('grade(score)')).toBeNull();
    const grade = fields[3] as FormField;
    expect(computedProblem(grade, fields)).toBeNull();
    expect(computedProblem({ ...grade, computed: 'grade(grade, 90)' }, fields)).toBe(
      'validation.computedInvalid',
    );
    expect(computedProblem({ ...grade, type: 'number' }, fields)).toBe('validation.computedInvalid');
    expect(computedProblem({ ...grade, computed: 'grade(nothing, 90)' }, fields)).toBe(
      'validation.computedInvalid',
    );
  });
});
