import { useId, useState } from 'react';
import { Button } from '../../../../../client/components/ui/button';
import { controlClasses } from '../../../../../client/components/ui/form';

/** How many of the seats an offer holds the visitor books: all of them unless they say fewer. */
export function OfferSeatsStep({ held, onChoose }: { held: number; onChoose: (seats: number) => void }) {
  const [seats, setSeats] = useState(held);
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="mt-10 max-w-xl rounded-brutal border-2 border-ink bg-white p-6 shadow-brutal">
      <h2 id={`${id}-heading`} className="text-lg font-black">
        {held} seats are held for you
      </h2>
      <p className="mt-2 text-ink-soft">Book all of them, or fewer: the seats you leave go on to the next person waiting once you have paid.</p>
      <label htmlFor={`${id}-seats`} className="mt-5 mb-1.5 block text-sm font-bold">
        Seats to book
      </label>
      <select id={`${id}-seats`} value={seats} onChange={(event) => setSeats(Number(event.target.value))} className={`${controlClasses} max-w-48`}>
        {Array.from({ length: held }, (_, index) => held - index).map((count) => (
          <option key={count} value={count}>
            {count === 1 ? '1 seat' : `${count} seats`}
          </option>
        ))}
      </select>
      <Button size="lg" className="mt-6 w-full sm:w-auto" onClick={() => onChoose(seats)}>
        Continue to payment
      </Button>
    </section>
  );
}
