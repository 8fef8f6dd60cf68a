import type { DemoDocument } from '../types.js';

export const REVIEWS_16_20: readonly DemoDocument[] = [
  {
    id: 'review-16-backpack',
    kind: 'review',
    title: 'Wayfarer Transit 28L travel and commuter backpack',
    intendedFraming: 'positive',
    turn: 'none',
    text: `I have carried the Wayfarer Transit 28L every working day for five months and on three trips abroad, including a ten-day trip through Japan with nothing but this bag. It has earned a permanent place by the door.

Capacity is well judged. Twenty-eight litres fits a 16-inch laptop, a change of clothes, a toiletry kit, a compact umbrella, lunch and a water bottle for the commute. For the Japan trip I packed five shirts, two pairs of trousers, underwear and socks for a week, a light jacket and my camera, using two packing cubes, and still had room for souvenirs on the way back. It fits under an airline seat and was never questioned at the gate on budget airlines with strict size rules.

The clamshell main compartment opens fully like a suitcase, which makes packing and finding things so much easier than a top-loading bag. The laptop sleeve is suspended off the bottom, so the computer does not take the impact when you drop the bag on the floor, and it opens separately from the side, which made airport security quick.

Organisation is thoughtful without being fussy. There is a quick-access pocket on top for sunglasses and earbuds, a padded key leash, and a hidden pocket against the back panel for a passport and cards that I could reach while wearing the bag but a pickpocket could not.

Comfort is excellent. The shoulder straps are curved and well padded, the back panel has enough ventilation that I did not arrive at the office soaked on warm mornings, and the removable hip belt made long walking days in Kyoto with a full load much easier on my shoulders.

The materials feel built to last. The outer fabric shrugged off a downpour in Osaka with everything inside staying dry, the zippers run smoothly and have not snagged once, and after five months of daily use there is no fraying anywhere.

At $189 it is not cheap, but it has replaced both my work bag and my carry-on suitcase, and it comes with a lifetime warranty. Highly recommended.`,
  },
  {
    id: 'review-17-kettle',
    kind: 'review',
    title: 'Brewline 1.7L glass electric kettle',
    intendedFraming: 'negative',
    turn: 'none',
    text: `Save your money. This is the third Brewline kettle our household has owned, and it is the worst of the three.

It looks nice on the counter, I will give it that. The blue LED light that glows through the glass while it boils is a fun touch. That is where the good news ends.

The lid does not close securely. The latch is a small plastic tab that never quite clicks, so the lid pops up a few millimeters while boiling and sends steam straight onto the cabinet above. We have a water mark on the underside of our cabinet to prove it. Twice the lid has sprung fully open while I was pouring, which with boiling water is a genuine safety risk.

The automatic shut-off is slow. It continues to boil vigorously for fifteen or twenty seconds after the water is fully boiling before clicking off, filling the kitchen with steam.

Limescale builds up quickly on the exposed heating plate, even though we use filtered water, and the descaling advice in the manual is simply "use vinegar." After two months of descaling every couple of weeks, there are permanent white stains on the plate.

The handle also gets hot. Because the glass body has no insulation, the top of the handle, right where your fingers curl around it, is uncomfortably warm after a full boil, and my mother-in-law, who has arthritis, cannot hold it long enough to pour a full pot. The water gauge is printed in pale grey on clear glass and is almost impossible to read without bending down to eye level.

There is a strong plastic smell for the first few weeks, and the water tasted of it. We boiled and discarded water about a dozen times, as the manual suggests, and it still faintly lingers.

Finally, it died at eleven months. One morning it just did not switch on. The warranty requires the original receipt and shipping the kettle back at our expense, which costs more than the kettle itself at $34.

One star. Buy something with a proper hinged lid.`,
  },
  {
    id: 'review-18-monitor',
    kind: 'review',
    title: 'Opticore 27Q 27-inch 1440p monitor',
    intendedFraming: 'neutral',
    turn: 'mixed',
    text: `I work from home as a data analyst and play games a few evenings a week, and I bought the Opticore 27Q to serve both purposes for $299. After two months I think it is a decent monitor with a few trade-offs, and whether it suits you depends heavily on what you do with it.

For office work it is very good. At 2560 by 1440 on a 27-inch screen, text is crisp at the default scaling, and I can put a spreadsheet and a browser window side by side comfortably. The stand adjusts for height, tilt and swivel and can pivot to portrait, which I use for reading long documents. The matte coating handles the window behind me without annoying reflections.

On the other hand, the brightness uniformity is not great. On a plain white background the bottom-left corner is visibly dimmer than the center, maybe 10 or 15 percent. I notice it in spreadsheets with white cells, though I stopped seeing it after a week or so.

For gaming it is a mixed experience too. The 165 Hz refresh rate and variable refresh work well, and fast shooters feel smooth and responsive. However, in dark scenes there is visible IPS glow in the corners, and the overdrive setting that reduces motion blur introduces faint bright trails on the "Fast" setting. The "Normal" setting is the best compromise.

Color is accurate enough for my needs out of the box, and there is an sRGB mode that is useful for anyone doing light photo editing. It is not wide-gamut, so serious photographers should look elsewhere.

Connectivity is a plus: two HDMI ports, a DisplayPort and a USB-C port that delivers 65 watts, which means my work laptop charges and displays over one cable. The on-screen menu is clumsy, controlled by a small joystick on the back that is hard to find by touch.

The built-in speakers are tinny and I would not rely on them for anything but system sounds.

Summing up: sharp text, a good stand, useful USB-C and smooth motion on the one hand; mediocre uniformity, some glow and a clumsy menu on the other. It is fine value at its price, neither a bargain nor a disappointment. Three stars.`,
  },
  {
    id: 'review-19-e-bike',
    kind: 'review',
    title: 'Voltra Metro 3 commuter e-bike, medium frame',
    intendedFraming: 'negative',
    turn: 'positive-to-negative',
    text: `This is a long review, because this was a big purchase and because my opinion of it has changed a great deal over seven months. If you only want the bottom line: I loved this bike for about ten weeks, and I would now tell you not to buy it, mainly because of what happens when something goes wrong.

Why I bought it

I commute 9 miles each way through a hilly city, with a 300-foot climb in the last mile. For years I drove, then I tried a regular bike and arrived at work drenched in sweat. An e-bike seemed like the answer. I test-rode five bikes at three shops and chose the Voltra Metro 3 for $2,399 plus $180 for a lock, lights and a rack bag. The shop, a Voltra "premier dealer," threw in a free first service.

The honeymoon

The first two and a half months were genuinely some of the best of my working life. I am not exaggerating. The Metro 3 uses a mid-drive motor with a torque sensor, which means the assistance responds to how hard you pedal rather than just switching on when the pedals turn. It feels natural, as if your legs have suddenly become much stronger. On the "Tour" setting, the climb that used to defeat me took about four minutes, and I arrived at the office warm but not sweaty.

The handling is excellent. The frame is stiff, the geometry is upright without being sluggish, and the 2.2-inch tires roll smoothly over the broken pavement and tram tracks on my route. The hydraulic disc brakes are strong and predictable in the rain. The integrated front light is properly bright, bright enough that drivers noticed me on dark December mornings, and the rear light doubles as a brake light.

Range was better than advertised. Voltra claims 40 to 80 miles depending on the assist level. In mild weather on the middle setting, I was getting about 55 miles, which meant charging the removable battery twice a week at my desk. The battery pops out with a key and weighs about six pounds, so carrying it into the office was no problem.

The extras are nicely done: a chain guard that actually keeps trousers clean, a kickstand that holds the bike upright even with a loaded pannier, fenders that do not rattle, and a small color display with a USB port for charging your phone. I replaced about 80 percent of my car commutes, saved around $120 a month in fuel and parking, and lost eleven pounds without trying.

I recommended it to everyone. Two colleagues bought the same model.

Week eleven: the first error

One morning in late January, about halfway up the big climb, the motor cut out completely and the display showed "ERR 21." I pushed the bike the rest of the way. The error cleared when I switched the bike off and on, and the motor worked normally on the way home. The manual describes error 21 as "speed sensor fault, check magnet alignment." I checked. The magnet on the rear wheel was exactly where it should be.

Over the next two weeks the error came back four more times, always under heavy load, always on a hill. The dealer looked at it, cleaned the sensor connection and sent me on my way. It happened again the next day.

The diagnosis

After my third visit the dealer plugged the bike into Voltra's diagnostic software and found that the motor controller was logging voltage drops. The mechanic, who was clearly frustrated on my behalf, told me this was "not the first one" he had seen on this model year. The fix was a replacement motor controller under warranty, which had to be ordered from Voltra.

That is where things fell apart.

Waiting for parts

The dealer ordered the controller on February 14. Voltra's estimated delivery was "two to three weeks." At the three-week mark, the dealer was told it was back-ordered. At six weeks, Voltra told them it would ship "in the next batch." I contacted Voltra directly. Their customer service runs through an online form; there is no phone number. My first message got an automated reply, and my second got a response eleven days later telling me to "please work with your authorized dealer." My dealer, in turn, was getting the same non-answers from their rep.

I was back in the car for my commute, paying for parking again, with a $2,400 bike hanging on a hook in my garage.

In the meantime, one of the two colleagues who bought the same model got the same error. The other had a different problem: the battery began to shut off at 30 percent charge, which Voltra support diagnosed as a faulty battery management board. Her replacement battery took seven weeks.

Week nineteen: the repair, and the next problem

The new controller finally arrived in mid-April, nine weeks after it was ordered. The dealer installed it in a day, and for about three weeks the bike was back to its old self. I was relieved, and ready to write a more forgiving update.

Then the display started resetting itself. Every so often, usually on a bump, the screen would go blank for two or three seconds and reboot, and the motor assistance would drop out while it did. The first time it happened was as I was pulling out across a busy intersection, and I lost power at exactly the moment I needed it. No harm done, but I was shaken.

The dealer traced this to a loose connector in the main wiring harness, probably disturbed when the controller was replaced. They re-seated it and added a dab of dielectric grease, and so far that seems to have solved it. But by now my confidence in the bike had taken a real knock.

The costs nobody mentions

The warranty covered the parts, but not everything. The dealer charged me a $65 diagnostic fee for the first visit before the fault was confirmed, and the second visit, for the wiring harness, was billed as "not a warranty issue" at $90 because, in their view, it was caused by installation rather than a defect. I pushed back and they waived half. My brake pads had also worn out by month four, which is normal for an e-bike, but at $48 per axle installed, it adds up. With the added parking and fuel costs of driving during the nine-week wait, I estimate the problems cost me roughly $450.

What it is like now

The bike has been working for six weeks. When it works, it is still a joy to ride, and on a sunny spring morning the climb to the office is still the best part of my day. But I no longer trust it. I check the display before every big intersection, and I carry a lightweight backup plan in my head, a bus route I can fall back on, which rather defeats the purpose.

To be fair to Voltra, there is one more thing I should say. After I posted a shorter version of this review on a local cycling forum, someone from the company's regional office contacted me, apologised for the delays, and sent a $100 voucher for accessories. It was a decent gesture, and I used it on a better saddle. But it arrived after five months of problems, and only after a public complaint, which is not the same as a support system that works for everyone who does not post on forums.

The bottom line

Three things would need to be true for me to recommend a bike at this price: it rides well, it is reliable, and when it breaks, the company stands behind it quickly. The Voltra Metro 3 gets the first one completely right. It failed the second within three months, and the manufacturer failed the third badly, with a nine-week wait for a known-problem part and no direct way to talk to a human being.

I would not buy it again. If you are shopping for a commuter e-bike, ride this one by all means, because you will see why I fell for it, but then buy something from a manufacturer with a reputation for keeping parts in stock and answering the phone. Two stars, and one of those is for the first ten weeks.`,
  },
  {
    id: 'review-20-printer',
    kind: 'review',
    title: 'Printara HomeJet 4500 all-in-one inkjet printer',
    intendedFraming: 'negative',
    turn: 'none',
    text: `I bought the Printara HomeJet 4500 for $89 because I print maybe twenty pages a month, mostly school forms, return labels and the occasional boarding pass. I did not need anything fancy. I needed something that works when I need it. This printer does not.

Setup took over an hour. The printer insists on being set up through the Printara app, which requires creating an account, agreeing to share "usage data" and declining three separate offers to enrol in an ink subscription. It would not connect to our Wi-Fi on the first two attempts, and the error message, "Connection failed (code 0x4B)," is not explained anywhere I could find. It eventually connected after I moved the printer into the same room as the router.

Then I discovered the starter cartridges. They are "setup cartridges" with a fraction of the ink of the standard ones, and ours ran out after about 60 pages. Replacement black and color cartridges cost $52 for the pair, well over half the price of the printer. The printer rejected two sets of compatible cartridges from another brand with a "cartridge problem" message after a firmware update, which it installed automatically and without asking.

The ink also seems to disappear when we are not printing. The printer runs a cleaning cycle every time it wakes up from sleep, which is audible from the next room, and after a three-week break during summer holidays the color cartridge showed "low" despite printing almost nothing in between.

Print quality is acceptable for text but poor for anything else. Photos come out with visible banding, and a simple color chart for my daughter's science project printed with magenta streaks until I ran two more cleaning cycles, using up even more ink.

The scanner works, but only through the app. There is no way to scan directly to a computer without the app, which logs you out every couple of weeks and requires a password reset before you can scan a single page.

Paper jams happen about once in every thirty pages, usually with the thin paper that comes from the school. The rear access door that is supposed to let you clear jams is stiff and the plastic tab has already cracked.

Finally, the printer now refuses to scan when the color cartridge is empty, even in black and white. When I contacted support to ask why, I was told this was "to protect the printhead."

Cheap to buy, expensive to run, frustrating to use. I have ordered a basic mono laser printer and will recycle this one. One star.`,
  },
];
